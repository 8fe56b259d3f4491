// The one reader of uploaded spreadsheets, for every import (issue 14: the member import, the
// paper history's credentials and letters): a CSV in UTF-8 (with or without BOM) or
// Windows-1252, separated by ";" or ",", or — where the import takes it — an .xlsx workbook's
// first sheet, read in a worker thread with limits on what it unpacks (xlsx.ts, worker.ts).
// Field-made parsers read the CSV (csv-parse, iconv-lite); this module decides the encoding, the
// delimiter and the header line, and says what is wrong with a file in Portuguese (a 400).
// Encoding: the bytes are read as UTF-8 until a chunk is not valid UTF-8, and from there as
// Windows-1252 (a Windows-1252 file with accents is never valid UTF-8 where the accents are;
// before them both read the same ASCII). Nothing is buffered beyond one chunk and one line.
import { Readable, pipeline } from 'node:stream';
import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { ApiError } from '../plugins/errors.js';
import { readXlsxUpload } from './worker.js';

/** A file the reader refuses (not a spreadsheet, empty, broken): a 400 with the user's message. */
export class FileFormatError extends ApiError {
  constructor(message: string) {
    super(400, message);
  }
}

export const NOT_A_SPREADSHEET =
  'O arquivo não parece ser uma planilha: envie um CSV (separado por ";" ou ",") ou um arquivo do Excel (.xlsx).';
export const NOT_CSV =
  'O arquivo não parece ser um CSV: salve a planilha como CSV e envie de novo.';
export const EMPTY_FILE = 'O arquivo está vazio.';

export interface ReadOptions {
  /** Whether an .xlsx workbook is read too (default); without it, only a CSV is. */
  xlsx?: boolean;
}

/** The longest line a CSV may have (a member is a few hundred characters). */
const MAX_RECORD_SIZE = 64 * 1024;

export interface TableInfo {
  kind: 'csv' | 'xlsx';
  /** CSV only: 'utf-8' or 'windows-1252' (known once the whole file is read). */
  encoding(): 'utf-8' | 'windows-1252' | null;
  delimiter: ';' | ',' | null;
  /** The header line as written, blanks named "Coluna N" and repeats numbered. */
  headers: string[];
  /** The data rows after the header, as text cells in the headers' order (1-based line number). */
  rows: AsyncIterable<{ line: number; cells: string[] }>;
}

type Source = Readable | Buffer | Uint8Array;

/** How much text the CSV parser is given at once: it turns a whole piece into rows. */
const PIECE = 64 * 1024;

/** The source's bytes in pieces of at most 64 KB (views, not copies). */
async function* chunksOf(source: Source): AsyncGenerator<Buffer> {
  const chunks = source instanceof Readable ? source : [source];
  for await (const chunk of chunks) {
    const bytes: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    for (let start = 0; start < bytes.length; start += PIECE) {
      yield bytes.subarray(start, start + PIECE);
    }
  }
}

/** Bytes at the end of `chunk` that begin a UTF-8 sequence the next chunk completes. */
function incompleteTail(chunk: Buffer): number {
  for (let back = 1; back <= Math.min(3, chunk.length); back++) {
    const byte = chunk[chunk.length - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}

/** The text of the bytes: UTF-8 while it is valid, Windows-1252 from the first chunk that is not. */
function decoder() {
  let mode: 'utf-8' | 'windows-1252' = 'utf-8';
  let carry = Buffer.alloc(0);
  let first = true;
  const cp1252 = iconv.getDecoder('win1252');
  return {
    get mode() {
      return mode;
    },
    write(chunk: Buffer): string {
      let bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      if (first) {
        first = false;
        if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      }
      if (mode === 'utf-8') {
        const tail = incompleteTail(bytes);
        const whole = bytes.subarray(0, bytes.length - tail);
        if (isUtf8(whole)) {
          carry = Buffer.from(bytes.subarray(bytes.length - tail));
          return whole.toString('utf8');
        }
        mode = 'windows-1252';
      }
      carry = Buffer.alloc(0);
      return cp1252.write(bytes);
    },
    end(): string {
      if (carry.length === 0) return '';
      const rest = carry;
      carry = Buffer.alloc(0);
      if (mode === 'utf-8' && isUtf8(rest)) return rest.toString('utf8');
      mode = 'windows-1252';
      return cp1252.write(rest);
    },
  };
}

/** ";" or ",": the one that separates more fields of the header line (outside quotes). */
export function detectDelimiter(headerLine: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : commas > 0 ? ',' : ';';
}

/** Header names as the user sees them: trimmed, blanks named by position, repeats numbered. */
export function headerNames(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, index) => {
    const base = cell.replace(/\s+/g, ' ').trim() || `Coluna ${index + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

// Text with NUL or many other control characters is a binary file read as text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000e-\u001f]/g;
function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true;
  const controls = text.match(CONTROL)?.length ?? 0;
  return controls > 8 && controls > text.length / 100;
}

async function readCsv(
  first: Buffer,
  rest: AsyncIterator<Buffer>,
  notText: string,
): Promise<TableInfo> {
  const decode = decoder();
  let head = decode.write(first);
  let ended = false;
  // Up to the end of the header line, the first that is not blank (a quoted header may hold a
  // line break: rare, tolerated).
  const headerLine = () => /^\s*([^\r\n]*)\r?\n/.exec(head)?.[1];
  while (headerLine() === undefined && head.length < MAX_RECORD_SIZE) {
    const next = await rest.next();
    if (next.done) {
      head += decode.end();
      ended = true;
      break;
    }
    head += decode.write(next.value);
  }
  if (looksBinary(head)) throw new FileFormatError(notText);
  const delimiter = detectDelimiter(headerLine() ?? head.trim());

  async function* text(): AsyncGenerator<string> {
    yield head;
    if (ended) return;
    for (;;) {
      const next = await rest.next();
      if (next.done) break;
      const part = decode.write(next.value);
      if (looksBinary(part)) throw new FileFormatError(notText);
      yield part;
    }
    const last = decode.end();
    if (last) yield last;
  }

  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_SIZE,
    info: true,
  });
  // pipeline, not pipe: an error of the text (a binary part, the upload cut) reaches the rows.
  pipeline(Readable.from(text(), { objectMode: false }), parser, () => {});
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{
    record: string[];
    info: { lines: number };
  }>;
  let firstRecord: IteratorResult<{ record: string[]; info: { lines: number } }>;
  try {
    firstRecord = await records.next();
  } catch (error) {
    throw csvError(error);
  }
  if (firstRecord.done || firstRecord.value.record.every((cell) => cell.trim() === '')) {
    throw new FileFormatError(EMPTY_FILE);
  }
  const headers = headerNames(firstRecord.value.record);

  async function* rows() {
    try {
      for (;;) {
        const next = await records.next();
        if (next.done) return;
        const { record, info } = next.value;
        if (record.every((cell) => cell.trim() === '')) continue;
        yield { line: info.lines, cells: record };
      }
    } catch (error) {
      throw csvError(error);
    }
  }
  return {
    kind: 'csv',
    encoding: () => decode.mode,
    delimiter,
    headers,
    rows: rows(),
  };
}

function csvError(error: unknown): Error {
  if (error instanceof FileFormatError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('CSV_')) {
    const line = (error as { lines?: number }).lines;
    const near = line ? ` perto da linha ${line}` : '';
    return new FileFormatError(
      code === 'CSV_MAX_RECORD_SIZE'
        ? `O arquivo CSV tem uma linha longa demais${near}: ele não parece ser uma planilha.`
        : `O arquivo CSV está malformado${near}: confira as aspas e os separadores.`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** An .xlsx workbook's first sheet, read in a worker (worker.ts, xlsx.ts). */
async function readXlsx(first: Buffer, rest: AsyncIterator<Buffer>): Promise<TableInfo> {
  const sheet = await readXlsxUpload(
    (async function* () {
      yield first;
      for (;;) {
        const next = await rest.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
  // The worker gives only rows that hold something: the first is the header line.
  const header = await sheet.next();
  if (header.done) throw new FileFormatError(EMPTY_FILE);
  const headers = headerNames(header.value.cells);
  return { kind: 'xlsx', encoding: () => null, delimiter: null, headers, rows: sheet };
}

/**
 * A spreadsheet read as a stream: an .xlsx (by its ZIP signature, unless `xlsx: false`) or a
 * CSV. The header line is read before this resolves; an empty or binary file is a
 * FileFormatError (400), and so is a CSV the parser cannot read, when its rows are read.
 */
export async function readTable(source: Source, options: ReadOptions = {}): Promise<TableInfo> {
  const xlsx = options.xlsx ?? true;
  const chunks = chunksOf(source);
  let first: Buffer = Buffer.alloc(0);
  // At least a few bytes to recognise the file.
  while (first.length < 4) {
    const next = await chunks.next();
    if (next.done) break;
    first = first.length === 0 ? next.value : Buffer.concat([first, next.value]);
  }
  const bom = first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf ? 3 : 0;
  if (first.length === 0 || first.subarray(bom).toString('latin1').trim() === '') {
    // Only blanks so far: the rest decides (a file of blank lines is empty too).
    const rest: Buffer[] = [first];
    for (;;) {
      const next = await chunks.next();
      if (next.done) throw new FileFormatError(EMPTY_FILE);
      if (next.value.toString('latin1').trim() !== '') {
        rest.push(next.value);
        break;
      }
    }
    first = Buffer.concat(rest);
  }
  const zip = first[0] === 0x50 && first[1] === 0x4b && first[2] === 0x03 && first[3] === 0x04;
  if (zip) {
    if (!xlsx) throw new FileFormatError(NOT_CSV);
    return readXlsx(first, chunks);
  }
  return readCsv(first, chunks, xlsx ? NOT_A_SPREADSHEET : NOT_CSV);
}
