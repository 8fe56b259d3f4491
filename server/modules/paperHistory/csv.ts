// The rows of an uploaded CSV (issue 14), as churches export them: UTF-8 (with or without BOM)
// or Windows-1252 (Excel's "CSV" in Brazil), ";" or "," between fields. Decoding by iconv-lite,
// parsing by csv-parse; one function, so that the merge can fold it into the member import's
// reader (server/imports/csv.ts) without touching its callers.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { badRequest } from '../../plugins/errors.js';

/** Valid UTF-8 (a BOM is dropped by the parser) or else Windows-1252. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'win1252');
  }
}

/** ";" when the header line has more of them than of ",", else ",". */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

async function bytesOf(input: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input;
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export const NOT_CSV =
  'O arquivo não parece ser um CSV: salve a planilha como CSV e envie de novo.';

/**
 * The data rows of a CSV, each keyed by its header's text (trimmed); blank lines are skipped.
 * An empty file, a binary one or a malformed one is a Portuguese 400.
 */
export async function* readCsvRows(
  input: Buffer | Readable,
): AsyncIterable<Record<string, string>> {
  const bytes = await bytesOf(input);
  if (bytes.length === 0) throw badRequest('O arquivo está vazio.');
  // Text files hold no NUL bytes: a spreadsheet (.xlsx is a zip), an image, a PDF do.
  if (bytes.includes(0)) throw badRequest(NOT_CSV);
  const text = decode(bytes);
  if (text.replace(/^\uFEFF/, '').trim() === '') throw badRequest('O arquivo está vazio.');
  const parser = Readable.from([text]).pipe(
    parse({
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      columns: (header: string[]) => header.map((name) => name.trim()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }),
  );
  try {
    for await (const record of parser) yield record as Record<string, string>;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(
      `O arquivo CSV está malformado${line ? ` perto da linha ${line}` : ''}: confira as aspas e os separadores.`,
    );
  }
}
