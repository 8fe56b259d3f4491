// A report as a printable list: the church's head, the title and filters, a table whose head
// repeats on every page, and "Página X de Y" at the foot.
import { formatDateTime } from '../../domain/formats.js';
import { COLORS, FONT, type Pdf, nextPage, printable, renderPdf } from './document.js';
import type { Church } from '../db/schema.js';
import { drawLetterhead } from './letterhead.js';

export interface PdfColumn<Row> {
  header: string;
  /** Share of the table's width (the shares are scaled to fit). */
  width: number;
  align?: 'left' | 'right' | 'center';
  value(row: Row): string;
}

export interface ReportPdf<Row> {
  church: Church;
  title: string;
  /** The filters, in words ("Mês: novembro de 2026"). */
  subtitle: string;
  columns: PdfColumn<Row>[];
  rows: Row[];
  layout?: 'portrait' | 'landscape';
  /** What a table without rows says. */
  empty: string;
  /** Rows printed in bold: a statement's headings, subtotals and totals. */
  strong?(row: Row): boolean;
  /** Whether the rows are counted under the title ("12 registros"); a statement's lines are not. */
  counted?: boolean;
}

const SIZE = 8.5;
const PAD = 4;

function drawHead<Row>(doc: Pdf, columns: PdfColumn<Row>[], widths: number[], y: number): number {
  const left = doc.page.margins.left;
  const total = widths.reduce((sum, width) => sum + width, 0);
  doc.font(FONT.bold).fontSize(SIZE);
  const height =
    Math.max(
      ...columns.map((column, i) =>
        doc.heightOfString(printable(column.header), { width: widths[i] - 2 * PAD }),
      ),
    ) +
    2 * PAD;
  doc.rect(left, y, total, height).fill(COLORS.primary);
  let x = left;
  doc.fillColor('#ffffff');
  columns.forEach((column, i) => {
    doc.text(printable(column.header), x + PAD, y + PAD, {
      width: widths[i] - 2 * PAD,
      align: column.align ?? 'left',
    });
    x += widths[i];
  });
  doc.fillColor(COLORS.text).font(FONT.regular);
  return y + height;
}

/** One line at the foot of the current page, centred in the bottom margin. */
export function drawFooter(doc: Pdf, text: string) {
  const bottom = doc.page.margins.bottom;
  // Writing inside the bottom margin would otherwise start a new page.
  doc.page.margins.bottom = 0;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(COLORS.muted)
    .text(printable(text), left, doc.page.height - bottom + 14, {
      width,
      align: 'center',
      lineBreak: false,
    });
  doc.page.margins.bottom = bottom;
}

/** "Gerado em … pelo Adam – Página X de Y" at the foot of every page of a buffered document. */
export function drawFooters(doc: Pdf, generatedAt: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    drawFooter(
      doc,
      `Gerado em ${formatDateTime(generatedAt)} pelo Adam – Página ${i - range.start + 1} de ${range.count}`,
    );
  }
}

/**
 * The columns' widths: their shares of `width`, but never narrower than the longest word of the
 * header ("Aniversário" broke as "Aniversá/rio"); the other columns give up the room.
 */
function columnWidths<Row>(doc: Pdf, columns: PdfColumn<Row>[], width: number): number[] {
  doc.font(FONT.bold).fontSize(SIZE);
  const least = columns.map(
    (column) =>
      Math.max(
        ...printable(column.header)
          .split(/\s+/)
          .map((word) => doc.widthOfString(word)),
      ) +
      2 * PAD +
      1,
  );
  const fixed = new Set<number>();
  let widths: number[] = [];
  // Each round pins the columns that came out too narrow and shares the rest among the others.
  for (;;) {
    const room = width - [...fixed].reduce((sum, i) => sum + least[i], 0);
    const shares = columns.reduce((sum, column, i) => sum + (fixed.has(i) ? 0 : column.width), 0);
    widths = columns.map((column, i) => (fixed.has(i) ? least[i] : (column.width / shares) * room));
    const narrow = widths.findIndex((w, i) => !fixed.has(i) && w < least[i]);
    if (narrow < 0 || fixed.size === columns.length - 1) return widths;
    widths.forEach((w, i) => {
      if (!fixed.has(i) && w < least[i]) fixed.add(i);
    });
  }
}

/**
 * A table across the page's width from `y`: the head in the church's colour, repeated on each new
 * page, zebra rows, and `empty` centred when there are no rows. Returns the y below it.
 */
export function drawTable<Row>(
  doc: Pdf,
  columns: PdfColumn<Row>[],
  rows: Row[],
  top: number,
  empty: string,
  strong: (row: Row) => boolean = () => false,
): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const widths = columnWidths(doc, columns, width);
  const limit = () => doc.page.height - doc.page.margins.bottom;
  let y = top;
  // A head with no room for a row under it starts the next page.
  if (y + 40 > limit()) {
    nextPage(doc);
    y = doc.page.margins.top;
  }
  y = drawHead(doc, columns, widths, y);

  if (rows.length === 0) {
    doc
      .font(FONT.regular)
      .fontSize(SIZE + 1)
      .fillColor(COLORS.muted)
      .text(printable(empty), left, y + 10, { width, align: 'center' });
    doc.fillColor(COLORS.text);
    return doc.y + 4;
  }
  rows.forEach((row, index) => {
    const cells = columns.map((column) => printable(column.value(row)));
    const font = strong(row) ? FONT.bold : FONT.regular;
    doc.font(font).fontSize(SIZE);
    // A cell that fits its column is one line high: only a longer one is wrapped to be measured
    // (the wrapping is most of a long table's drawing time).
    const line = doc.currentLineHeight(true);
    const height =
      Math.max(
        ...cells.map((cell, i) =>
          doc.widthOfString(cell) <= widths[i] - 2 * PAD && !cell.includes('\n')
            ? line
            : doc.heightOfString(cell, { width: widths[i] - 2 * PAD }),
        ),
      ) +
      2 * PAD;
    if (y + height > limit()) {
      nextPage(doc);
      y = drawHead(doc, columns, widths, doc.page.margins.top);
      doc.font(font).fontSize(SIZE);
    }
    if (index % 2 === 1) doc.rect(left, y, width, height).fill(COLORS.zebra);
    doc.fillColor(COLORS.text);
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x + PAD, y + PAD, {
        width: widths[i] - 2 * PAD,
        align: columns[i].align ?? 'left',
      });
      x += widths[i];
    });
    doc.font(FONT.regular);
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.4)
      .strokeColor(COLORS.rule)
      .stroke();
  });
  return y;
}

/** A table's title (bold) and what it holds (smaller, muted) across the page from `y`. */
export function drawTitle(doc: Pdf, title: string, subtitle: string, y: number, size = 14) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc
    .font(FONT.bold)
    .fontSize(size)
    .fillColor(COLORS.text)
    .text(printable(title), left, y, { width });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(printable(subtitle), left, doc.y + 3, { width });
}

export function reportPdf<Row>(report: ReportPdf<Row>): Promise<Buffer> {
  const generatedAt = new Date().toISOString();
  return renderPdf(
    { title: report.title, author: report.church.name, layout: report.layout, margin: 40 },
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      let y = drawLetterhead(doc, report.church, true);
      drawTitle(doc, report.title, report.subtitle, y);
      const count = report.rows.length;
      if (report.counted !== false) {
        doc.text(`${count} ${count === 1 ? 'registro' : 'registros'}`, left, doc.y + 2, { width });
      }
      y = doc.y + 10;

      y = drawTable(doc, report.columns, report.rows, y, report.empty, report.strong);
      drawFooters(doc, generatedAt);
    },
  );
}
