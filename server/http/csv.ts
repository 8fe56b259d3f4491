// CSV files as Excel in Portuguese opens them: UTF-8 with BOM, ';' between cells, CRLF lines.
// Sent as a stream, a batch of rows at a time, so a 250,000-row file never sits in memory.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): string | null | undefined;
  /**
   * A column of amounts ("-1234,56"): a value that reads as a number stays a number the sheet
   * sums. Anything else in it is text like any other cell.
   */
  numeric?: boolean;
}

/**
 * Text a spreadsheet would run as a formula: one starting with =, +, -, @, a tab or a carriage
 * return (a name typed on the public form could be "=HYPERLINK(…)" or "-2+3+cmd|' /C calc'!A0").
 * Such a cell is written with a leading apostrophe, so the sheet shows it as text.
 */
const FORMULA = /^[=+\-@\t\r]/;

/** A number as the Portuguese sheet reads it: digits, a comma before the decimals. */
const NUMBER = /^-?\d+(,\d+)?$/;

/** 123456 -> '1234,56': an amount in centavos as a number a spreadsheet in Portuguese sums. */
export const csvAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A cell as is (a would-be formula as text), quoted when it holds ;, a quote or a line break. */
export function csvCell(value: string | null | undefined, numeric = false): string {
  const raw = value ?? '';
  const text = FORMULA.test(raw) && !(numeric && NUMBER.test(raw)) ? `'${raw}` : raw;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: Array<string | null | undefined>, numeric: boolean[] = []) =>
  `${cells.map((cell, index) => csvCell(cell, numeric[index])).join(';')}\r\n`;

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
  /** Told how many rows were sent once the file is written (the audit trail's entry). */
  sent?: (rows: number) => Promise<void>,
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  let next = await iterator.next();
  const numeric = columns.map((column) => column.numeric === true);
  let rows = 0;
  async function* text() {
    try {
      yield `\uFEFF${csvLine(columns.map((column) => column.header))}`;
      while (!next.done) {
        rows += next.value.length;
        yield next.value
          .map((row) =>
            csvLine(
              columns.map((column) => column.value(row)),
              numeric,
            ),
          )
          .join('');
        next = await iterator.next();
      }
    } finally {
      // The client went away: end the reading too. Sent whole or in part, the file is told.
      await iterator.return?.(undefined);
      await sent?.(rows);
    }
  }
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`);
  return Readable.from(text(), { objectMode: false });
}
