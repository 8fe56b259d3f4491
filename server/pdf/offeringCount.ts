// The termo de contagem: the church's head, the culto and where its money went, each line, the
// totals by method and by category, the envelopes, the cash by notes and coins, the deposit, and
// a signature line for each counter.
import {
  COUNT_METHODS,
  COUNT_METHOD_LABELS,
  type CountMethod,
  denominationLabel,
} from '../../domain/finance/offeringCounts.js';
import { longDate } from '../../domain/calendar.js';
import { formatDate, formatDateTime, formatMoney } from '../../domain/formats.js';
import type { Church } from '../db/schema.js';
import { COLORS, FONT, type Pdf, printable, renderPdf } from './document.js';
import { drawLetterhead } from './letterhead.js';
import { type PdfColumn, drawFooters, drawTable } from './report.js';

export interface OfferingCountPdf {
  church: Church;
  id: number;
  adjusts_id: number | null;
  date: string;
  service_name: string;
  congregation_name: string | null;
  bank_account_name: string | null;
  status: string;
  closed_at: string | null;
  closed_by_name: string | null;
  notes: string | null;
  counters: Array<{ name: string }>;
  lines: Array<{
    method: string;
    category_name: string | null;
    donor_name: string | null;
    envelope: string | null;
    amount_cents: number;
  }>;
  by_method: Record<CountMethod, number>;
  by_category: Array<{ category_name: string | null; amount_cents: number }>;
  envelopes_cents: number;
  total_cents: number;
  depositable_cents: number;
  cash: Array<{ denomination_cents: number; quantity: number }>;
  cash_total_cents: number;
  deposited_cents: number | null;
  deposited_on: string | null;
  deposit_difference_cents: number | null;
}

type Line = OfferingCountPdf['lines'][number];
const methodLabel = (method: string) => COUNT_METHOD_LABELS[method as CountMethod] ?? method;

function heading(doc: Pdf, text: string, y: number): number {
  const left = doc.page.margins.left;
  if (y + 60 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(COLORS.primary)
    .text(printable(text), left, y, { width: doc.page.width - left - doc.page.margins.right });
  doc.fillColor(COLORS.text);
  return doc.y + 4;
}

/** Label: value pairs, two per row. */
function facts(doc: Pdf, pairs: Array<[string, string]>, top: number): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const column = width / 2;
  let y = top;
  for (let i = 0; i < pairs.length; i += 2) {
    let bottom = y;
    for (const [offset, pair] of [pairs[i], pairs[i + 1]].entries()) {
      if (!pair) continue;
      const x = left + offset * column;
      doc
        .font(FONT.regular)
        .fontSize(8)
        .fillColor(COLORS.muted)
        .text(printable(pair[0]), x, y, {
          width: column - 10,
        });
      doc
        .font(FONT.bold)
        .fontSize(10)
        .fillColor(COLORS.text)
        .text(printable(pair[1] || '—'), x, doc.y + 1, { width: column - 10 });
      bottom = Math.max(bottom, doc.y);
    }
    y = bottom + 6;
  }
  return y;
}

const money = (cents: number) => formatMoney(cents);

export function offeringCountPdf(count: OfferingCountPdf): Promise<Buffer> {
  const generatedAt = new Date().toISOString();
  const title = count.adjusts_id
    ? `Termo de contagem de ajuste nº ${count.id}`
    : `Termo de contagem nº ${count.id}`;
  return renderPdf({ title, author: count.church.name, margin: 45 }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    let y = drawLetterhead(doc, count.church, true);

    doc
      .font(FONT.bold)
      .fontSize(14)
      .fillColor(COLORS.text)
      .text(printable(title.toUpperCase()), left, y, { width, align: 'center' });
    if (count.adjusts_id) {
      doc
        .font(FONT.regular)
        .fontSize(9)
        .fillColor(COLORS.muted)
        .text(
          printable(
            `Corrige a contagem nº ${count.adjusts_id}: os valores abaixo são a diferença.`,
          ),
          left,
          doc.y + 2,
          { width, align: 'center' },
        );
    }
    if (count.status !== 'closed') {
      doc
        .font(FONT.bold)
        .fontSize(10)
        .fillColor('#b3261e')
        .text('RASCUNHO – contagem ainda aberta, sem valor de termo', left, doc.y + 4, {
          width,
          align: 'center',
        });
    }
    y = doc.y + 14;
    y = facts(
      doc,
      [
        ['Data do culto', formatDate(count.date)],
        ['Culto', count.service_name],
        ['Congregação', count.congregation_name ?? ''],
        ['Conta que recebe', count.bank_account_name ?? ''],
        [
          'Situação',
          count.status === 'closed'
            ? `Fechada em ${formatDateTime(count.closed_at)}${count.closed_by_name ? ` por ${count.closed_by_name}` : ''}`
            : 'Aberta',
        ],
        ['Total contado', money(count.total_cents)],
      ],
      y,
    );

    y = heading(doc, 'Lançamentos', y + 6);
    const lineColumns: PdfColumn<Line>[] = [
      { header: 'Forma', width: 1, value: (line) => methodLabel(line.method) },
      { header: 'Categoria', width: 1.4, value: (line) => line.category_name ?? '' },
      {
        header: 'Envelope / contribuinte',
        width: 2.2,
        value: (line) =>
          line.donor_name
            ? [line.envelope ? `Envelope ${line.envelope}` : '', line.donor_name]
                .filter(Boolean)
                .join(' – ')
            : 'Sem envelope',
      },
      { header: 'Valor', width: 1, align: 'right', value: (line) => money(line.amount_cents) },
    ];
    y = drawTable(doc, lineColumns, count.lines, y, 'Nenhuma linha.');

    y = heading(doc, 'Totais por forma', y + 14);
    type Total = { label: string; amount_cents: number };
    const totalColumns: PdfColumn<Total>[] = [
      { header: 'Descrição', width: 3, value: (row) => row.label },
      { header: 'Valor', width: 1, align: 'right', value: (row) => money(row.amount_cents) },
    ];
    const methods: Total[] = COUNT_METHODS.filter((method) => count.by_method[method] !== 0).map(
      (method) => ({ label: COUNT_METHOD_LABELS[method], amount_cents: count.by_method[method] }),
    );
    y = drawTable(
      doc,
      totalColumns,
      [...methods, { label: 'Total', amount_cents: count.total_cents }],
      y,
      '',
    );

    y = heading(doc, 'Totais por categoria', y + 14);
    y = drawTable(
      doc,
      totalColumns,
      [
        ...count.by_category.map((row) => ({
          label: row.category_name ?? '',
          amount_cents: row.amount_cents,
        })),
        { label: 'Dos quais em envelopes nominais', amount_cents: count.envelopes_cents },
      ],
      y,
      '',
    );

    if (count.cash.length > 0) {
      y = heading(doc, 'Dinheiro por cédulas e moedas', y + 14);
      type Piece = OfferingCountPdf['cash'][number];
      const cashColumns: PdfColumn<Piece>[] = [
        {
          header: 'Cédula ou moeda',
          width: 2,
          value: (row) => denominationLabel(row.denomination_cents),
        },
        { header: 'Quantidade', width: 1, align: 'right', value: (row) => String(row.quantity) },
        {
          header: 'Valor',
          width: 1,
          align: 'right',
          value: (row) => money(row.denomination_cents * row.quantity),
        },
      ];
      y = drawTable(doc, cashColumns, count.cash, y, '');
      doc
        .font(FONT.bold)
        .fontSize(9)
        .text(`Total em cédulas e moedas: ${money(count.cash_total_cents)}`, left, y + 4, {
          width,
          align: 'right',
        });
      y = doc.y;
    }

    y = heading(doc, 'Depósito', y + 14);
    y = facts(
      doc,
      [
        ['Dinheiro e cheques a depositar', money(count.depositable_cents)],
        [
          'Depositado',
          count.deposited_on
            ? `${money(count.deposited_cents ?? 0)} em ${formatDate(count.deposited_on)}`
            : 'Ainda não registrado',
        ],
        ...(count.deposit_difference_cents !== null
          ? [
              ['Diferença (contado – depositado)', money(count.deposit_difference_cents)] as [
                string,
                string,
              ],
            ]
          : []),
      ],
      y,
    );
    if (count.notes) {
      doc
        .font(FONT.regular)
        .fontSize(9)
        .text(printable(`Observações: ${count.notes}`), left, y + 2, { width });
      y = doc.y + 4;
    }

    // The declaration and the signatures stay together on one page.
    const signatures = 70 + count.counters.length * 52;
    if (y + signatures > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc
      .font(FONT.regular)
      .fontSize(10)
      .fillColor(COLORS.text)
      .text(
        printable(
          count.adjusts_id
            ? `Nós, abaixo assinados, conferimos juntos as diferenças deste termo, que corrigem em ${money(count.total_cents)} a contagem nº ${count.adjusts_id}, do culto de ${longDate(count.date)}.`
            : `Nós, abaixo assinados, contamos e conferimos juntos os valores deste termo, que somam ${money(count.total_cents)}, recebidos no culto de ${longDate(count.date)}.`,
        ),
        left,
        y + 12,
        { width, align: 'justify' },
      );
    y = doc.y + 10;
    const lineWidth = 260;
    const lineX = left + (width - lineWidth) / 2;
    for (const counter of count.counters) {
      y += 36;
      doc
        .moveTo(lineX, y)
        .lineTo(lineX + lineWidth, y)
        .lineWidth(0.75)
        .strokeColor(COLORS.text)
        .stroke();
      doc
        .font(FONT.bold)
        .fontSize(10)
        .text(printable(counter.name), left, y + 4, { width, align: 'center' });
      doc
        .font(FONT.regular)
        .fontSize(8)
        .fillColor(COLORS.muted)
        .text('Contador', left, doc.y + 1, { width, align: 'center' });
      doc.fillColor(COLORS.text);
      y = doc.y;
    }
    drawFooters(doc, generatedAt);
  });
}
