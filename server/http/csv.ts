// CSV files as Excel in Portuguese opens them: UTF-8 with BOM, ';' between cells, CRLF lines.
// Sent as a stream, a batch of rows at a time, so a 250,000-row file never sits in memory.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): string | null | undefined;
}

/**
 * Text a spreadsheet would run as a formula (=, +, @, a tab, or - before anything but a digit:
 * a name typed on the public form could be "=HYPERLINK(…)"); negative amounts stay numbers.
 */
const FORMULA = /^([=+@\t\r]|-(?!\d))/;

/** A cell as is (a would-be formula as text), quoted when it holds ;, a quote or a line break. */
export function csvCell(value: string | null | undefined): string {
  const raw = value ?? '';
  const text = FORMULA.test(raw) ? `'${raw}` : raw;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: Array<string | null | undefined>) => `${cells.map(csvCell).join(';')}\r\n`;

/**
 * Answers with the CSV of the rows of `batches`, read as the client takes them (Readable.from
 * waits for the socket to drain before asking for the next batch). The first batch is read
 * before the answer starts, so a bad filter or a failing query still gets its JSON error.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  columns: CsvColumn<Row>[],
  batches: AsyncIterable<Row[]>,
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  let next = await iterator.next();
  async function* text() {
    try {
      yield `\uFEFF${csvLine(columns.map((column) => column.header))}`;
      while (!next.done) {
        yield next.value.map((row) => csvLine(columns.map((column) => column.value(row)))).join('');
        next = await iterator.next();
      }
    } finally {
      // The client went away: end the reading too.
      await iterator.return?.(undefined);
    }
  }
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`);
  return Readable.from(text(), { objectMode: false });
}
