// The annual statement of a donor's gifts (informe anual de contribuições, issue 25): what was
// given in each month of the year and the total, on the church's letterhead, with the
// treasurer's signature line. It states what was given: gifts to a church are no tax deduction
// in Brazil, so it only notes that the giver may declare them as a donation to the church's CNPJ.
import type { Readable } from 'node:stream';
import { MONTH_NAMES } from '../../domain/calendar.js';
import { formatCnpj, formatDate, formatDocument, formatMoney } from '../../domain/formats.js';
import type { Church } from '../db/schema.js';
import { COLORS, FONT, type Pdf, pdfStream, printable, renderPdf } from './document.js';
import { drawLetterhead, drawSignature } from './letterhead.js';

export interface DonorStatement {
  year: number;
  donor: { id: number; name: string; document: string | null; person_type: string };
  total_cents: number;
  /** The twelve months, 1 to 12. */
  months: Array<{ month: number; total_cents: number }>;
  incomes: Array<{
    id: number;
    date: string;
    amount_cents: number;
    category_name: string;
    method_label: string;
    congregation_name: string | null;
  }>;
}

/** Keeps a block of `height` on the page: a new page when it would not fit. */
function keep(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function drawStatement(doc: Pdf, church: Church, statement: DonorStatement, gifts: boolean) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let y = drawLetterhead(doc, church, true);

  doc
    .font(FONT.bold)
    .fontSize(14)
    .fillColor(COLORS.primary)
    .text(`Informe anual de contribuições – ${statement.year}`, left, y, { width });
  const donor = statement.donor.document
    ? `${statement.donor.name} – ${formatDocument(statement.donor.document)}`
    : statement.donor.name;
  doc
    .font(FONT.regular)
    .fontSize(11)
    .fillColor(COLORS.text)
    .text('Contribuinte: ', left, doc.y + 8, { width, continued: true })
    .font(FONT.bold)
    .text(printable(donor));

  // The months: a two-column table, January to June beside July to December.
  y = doc.y + 14;
  const column = width / 2;
  const rowHeight = 18;
  for (let index = 0; index < 12; index++) {
    const x = left + (index < 6 ? 0 : column + 10);
    const rowY = y + (index % 6) * rowHeight;
    const month = statement.months[index];
    if (index % 2 === 0) {
      doc
        .rect(x, rowY, column - 10, rowHeight)
        .fillColor(COLORS.zebra)
        .fill();
    }
    doc
      .font(FONT.regular)
      .fontSize(10.5)
      .fillColor(COLORS.text)
      .text(
        MONTH_NAMES[index].replace(/^./, (c) => c.toUpperCase()),
        x + 6,
        rowY + 4,
        {
          width: column / 2,
        },
      );
    doc.text(month.total_cents ? formatMoney(month.total_cents) : '—', x, rowY + 4, {
      width: column - 16,
      align: 'right',
    });
  }
  y += 6 * rowHeight + 10;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(COLORS.rule)
    .stroke();
  doc
    .font(FONT.bold)
    .fontSize(12)
    .fillColor(COLORS.text)
    .text(`Total do ano: ${formatMoney(statement.total_cents)}`, left, y + 8, {
      width,
      align: 'right',
    });
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(COLORS.muted)
    .text(
      printable(
        `${statement.incomes.length === 1 ? '1 contribuição' : `${statement.incomes.length} contribuições`} recebidas de 01/01/${statement.year} a 31/12/${statement.year}.`,
      ),
      left,
      doc.y + 2,
      { width, align: 'right' },
    );

  if (gifts && statement.incomes.length > 0) {
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(COLORS.text)
      .text('Contribuições', left, doc.y + 16, { width });
    const cols = [left, left + 80, left + 260, left + 360];
    for (const income of statement.incomes) {
      keep(doc, 16);
      const rowY = doc.y + 3;
      doc.font(FONT.regular).fontSize(9.5).fillColor(COLORS.text);
      doc.text(formatDate(income.date), cols[0], rowY, { width: 78, lineBreak: false });
      doc.text(printable(income.category_name), cols[1], rowY, { width: 175, lineBreak: false });
      doc.text(printable(income.method_label), cols[2], rowY, { width: 95, lineBreak: false });
      doc.text(formatMoney(income.amount_cents), cols[3], rowY, {
        width: left + width - cols[3],
        align: 'right',
        lineBreak: false,
      });
      doc.x = left;
      doc.y = rowY + 13;
    }
  }

  keep(doc, 150);
  const cnpj = church.cnpj ? `, CNPJ ${formatCnpj(church.cnpj)}` : '';
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(COLORS.text)
    .text(
      printable(
        `Declaramos que recebemos do contribuinte acima as contribuições voluntárias relacionadas, ` +
          `no total de ${formatMoney(statement.total_cents)}. Quem contribuiu pode informá-las na ` +
          `declaração do Imposto de Renda como doação em favor de ${church.name}${cnpj}.`,
      ),
      left,
      doc.y + 18,
      { width },
    );
  drawSignature(doc, { name: church.treasurer_name, role: 'Tesoureiro(a)' }, 56);
}

const title = (year: number) => `Informe anual de contribuições ${year}`;

/** One donor's statement, with the list of the gifts. */
export function donorStatementPdf(church: Church, statement: DonorStatement): Promise<Buffer> {
  return renderPdf({ title: title(statement.year), author: church.name }, (doc) =>
    drawStatement(doc, church, statement, true),
  );
}

/** Every donor's statement of a year, a page each, drawn as the client reads it. */
export function donorStatementsStream(
  church: Church,
  year: number,
  statements: AsyncIterable<DonorStatement>,
): Readable {
  return pdfStream({ title: title(year), author: church.name }, async function* (doc) {
    let first = true;
    for await (const statement of statements) {
      if (!first) doc.addPage();
      first = false;
      drawStatement(doc, church, statement, false);
      yield;
    }
  });
}
