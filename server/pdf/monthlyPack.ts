// The monthly pack (prestação de contas do mês, issue 27) on paper: a cover with the church, the
// month, the scope, the state of the month and its figures in plain words; then each section (a
// statement, the livros caixa, the lists) as a titled table under the church's compact letterhead,
// in the section's own layout; last the parecer do conselho fiscal with the signature lines.
// "Prestação de contas de … – Página X de Y" at the foot of every page. The sections are drawn one
// at a time as they come, so only the pages drawn so far stay in memory, never every section's rows.
import type { Church } from '../db/schema.js';
import { COLORS, FONT, type Pdf, nextPage, printable, renderPdf } from './document.js';
import { drawLetterhead, drawSignature } from './letterhead.js';
import { type PdfColumn, drawFooters, drawTable } from './report.js';

/** A row as the pack prints it: its cells, and whether it is a heading or a total (bold). */
export interface PrintedRow {
  cells: string[];
  strong: boolean;
}

/** One section of the pack, ready to print. */
export interface PackTable {
  /** Which part of the pack (the cover's contents point at the first of each key). */
  key: string;
  title: string;
  /** What the table holds and how it counts, under the title. */
  subtitle: string;
  layout: 'portrait' | 'landscape';
  columns: Array<Omit<PdfColumn<PrintedRow>, 'value'>>;
  rows: PrintedRow[];
  empty: string;
  /** Words under the table (what was left out of it and where to find it). */
  note?: string;
  /**
   * Goes on under the previous section when its page has the same layout and room (one livro
   * caixa after another, the short lists); otherwise on a page of its own.
   */
  follows?: boolean;
}

export interface PackCover {
  /** "Prestação de contas de outubro de 2026". */
  title: string;
  /** The congregations it covers, in words. */
  scope: string;
  /** The state of the month: aberto, fechado em … por …, reaberto em … por …, motivo: … */
  state: string[];
  /** The month's figures in plain words: [label, amount]. */
  figures: Array<[string, string]>;
  /** The sections, in order, by key and title; the cover gives each one's first page. */
  contents: Array<{ key: string; title: string }>;
}

export interface PackOpinion {
  /** The conselho fiscal's parecer of the close, or null (blank lines to write it by hand). */
  opinion: string | null;
  /** "Aprovado pelo conselho fiscal em 05/11/2026." or the blank to fill in. */
  approval: string;
  signers: Array<{ name?: string | null; role: string }>;
}

const MARGIN = 40;
/** The key of the parecer's page in the cover's contents. */
export const OPINION = 'opinion';

/** A page for a section: the church's compact letterhead, then the section's title. */
/** The page being drawn, counted from 1. */
const pageNumber = (doc: Pdf) => doc.bufferedPageRange().count;

function sectionHead(doc: Pdf, church: Church, table: PackTable): number {
  let y: number;
  const layout = doc.page.width > doc.page.height ? 'landscape' : 'portrait';
  const room = doc.page.height - doc.page.margins.bottom - doc.y;
  if (table.follows && layout === table.layout && room > 140) {
    y = doc.y + 24;
  } else {
    doc.addPage({ size: 'A4', layout: table.layout, margin: MARGIN });
    y = drawLetterhead(doc, church, true);
  }
  // Measured on the section's own page (a landscape one is wider).
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc
    .font(FONT.bold)
    .fontSize(table.follows ? 12 : 14)
    .fillColor(COLORS.text)
    .text(printable(table.title), left, y, { width });
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(printable(table.subtitle), left, doc.y + 3, { width });
  doc.fillColor(COLORS.text);
  return doc.y + 10;
}

/** Draws a section; returns the page its title is on. */
function drawSection(doc: Pdf, church: Church, table: PackTable): number {
  const top = sectionHead(doc, church, table);
  const page = pageNumber(doc);
  const columns: PdfColumn<PrintedRow>[] = table.columns.map((column, i) => ({
    ...column,
    value: (row) => row.cells[i],
  }));
  const y = drawTable(doc, columns, table.rows, top, table.empty, (row) => row.strong);
  doc.y = y;
  if (table.note) {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc
      .font(FONT.italic)
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(printable(table.note), left, y + 6, { width });
    doc.fillColor(COLORS.text).font(FONT.regular);
  }
  return page;
}

/** Draws the cover; returns the y of each line of the contents (for its page numbers). */
function drawCover(doc: Pdf, church: Church, cover: PackCover): number[] {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const y = drawLetterhead(doc, church);
  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor(COLORS.primary)
    .text(printable(cover.title), left, y + 10, { width });
  doc
    .font(FONT.regular)
    .fontSize(11)
    .fillColor(COLORS.text)
    .text(printable(cover.scope), left, doc.y + 6, { width });
  const heading = (text: string) =>
    doc
      .font(FONT.bold)
      .fontSize(12)
      .fillColor(COLORS.primary)
      .text(printable(text), left, doc.y + 16, { width })
      .fillColor(COLORS.text)
      .font(FONT.regular)
      .fontSize(10);
  heading('Situação do mês');
  for (const line of cover.state) doc.text(printable(line), left, doc.y + 4, { width });
  heading('O mês em números');
  for (const [label, amount] of cover.figures) {
    const top = doc.y + 4;
    doc.text(printable(label), left, top, { width: width - 150 });
    const below = doc.y;
    doc.font(FONT.bold).text(printable(amount), left + width - 150, top, {
      width: 150,
      align: 'right',
    });
    doc.font(FONT.regular);
    doc.y = Math.max(below, doc.y);
  }
  heading('Conteúdo');
  return cover.contents.map(({ title }, index) => {
    const y = doc.y + 3;
    doc.text(printable(`${index + 1}. ${title}`), left, y, { width: width - 60 });
    return y;
  });
}

/** Each part's first page at the right of its line of the cover's contents. */
function drawContentsPages(
  doc: Pdf,
  cover: PackCover,
  lines: number[],
  pages: Map<string, number>,
) {
  doc.switchToPage(doc.bufferedPageRange().start);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(FONT.regular).fontSize(10).fillColor(COLORS.text);
  cover.contents.forEach(({ key }, index) => {
    const page = pages.get(key);
    if (page === undefined) return;
    doc.text(`página ${page}`, left + width - 60, lines[index], {
      width: 60,
      align: 'right',
      lineBreak: false,
    });
  });
}

function drawOpinion(doc: Pdf, church: Church, opinion: PackOpinion) {
  doc.addPage({ size: 'A4', layout: 'portrait', margin: MARGIN });
  const page = pageNumber(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const y = drawLetterhead(doc, church, true);
  doc
    .font(FONT.bold)
    .fontSize(14)
    .fillColor(COLORS.text)
    .text('Parecer do conselho fiscal', left, y, { width });
  doc.font(FONT.regular).fontSize(10);
  if (opinion.opinion) {
    doc.text(printable(opinion.opinion), left, doc.y + 8, { width, align: 'justify' });
  } else {
    // Blank lines for the conselho fiscal to write the parecer by hand.
    let line = doc.y + 26;
    for (let i = 0; i < 8; i++, line += 24) {
      doc
        .moveTo(left, line)
        .lineTo(left + width, line)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
    }
    doc.y = line - 10;
  }
  doc.text(printable(opinion.approval), left, doc.y + 14, { width });
  for (const signer of opinion.signers) {
    // A signature needs about 90 points: one that would not fit starts the next page.
    if (doc.y + 100 > doc.page.height - doc.page.margins.bottom) {
      nextPage(doc);
      doc.y = doc.page.margins.top;
    }
    drawSignature(doc, signer, 48);
  }
  return page;
}

/**
 * The pack as one PDF: the cover, each section of `sections` as it comes, and the parecer with
 * the signature lines.
 */
export function monthlyPackPdf(pack: {
  church: Church;
  cover: PackCover;
  sections: AsyncIterable<PackTable>;
  opinion: PackOpinion;
}): Promise<Buffer> {
  const generatedAt = new Date().toISOString();
  return renderPdf(
    { title: pack.cover.title, author: pack.church.name, margin: MARGIN },
    async (doc) => {
      const lines = drawCover(doc, pack.church, pack.cover);
      const pages = new Map<string, number>();
      for await (const section of pack.sections) {
        const page = drawSection(doc, pack.church, section);
        if (!pages.has(section.key)) pages.set(section.key, page);
      }
      pages.set(OPINION, drawOpinion(doc, pack.church, pack.opinion));
      drawContentsPages(doc, pack.cover, lines, pages);
      drawFooters(doc, generatedAt, pack.cover.title);
    },
  );
}
