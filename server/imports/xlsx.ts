// The .xlsx reader of the spreadsheet imports (csv.ts hands a workbook here, through a worker:
// parseWorker.ts). An .xlsx is a ZIP of XML files; a small one can unpack to gigabytes (one cell
// of 400 MB, five million shared strings), so this reader reads only what it needs, each part
// with a limit known before and checked while unpacking:
// - the ZIP's central directory first (random access over the uploaded bytes): the first sheet,
//   the shared strings, the styles and the workbook are found by name and nothing else is
//   unpacked; each part's declared size is checked against the limit before inflating, and the
//   bytes actually inflated against the declared size and the limit while streaming;
// - the XML read by a small scanner (indexOf over each piece, linear time) that keeps no more
//   than one tag and one cell's text: a cell is at most 32,767 characters (Excel's own limit),
//   a row 256 K characters, the shared strings 2,000,000 and 40 M characters in all (a sheet of
//   200,000 members has about 1,200,000).
// Cells read as exceljs read them before (the reader it replaces): dates by the cell's number
// format as YYYY-MM-DD, numbers as JavaScript writes them, booleans as true/false, formulas by
// their cached result, rich text joined.
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { Readable } from 'node:stream';

/** What is wrong with a workbook, in Portuguese; `status` 413 for a limit, 400 otherwise. */
export class XlsxError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export const NOT_A_WORKBOOK =
  'O arquivo não parece ser uma planilha: envie um CSV (separado por ";" ou ",") ou um arquivo do Excel (.xlsx).';
const BROKEN = 'O arquivo .xlsx está corrompido: abra-o no Excel, salve de novo e envie.';

/** Excel's own limit of characters in a cell. */
export const MAX_CELL_CHARS = 32_767;
/** The most characters of one row (every cell's text together). */
export const MAX_ROW_CHARS = 256 * 1024;
/** The most different texts (shared strings) and their characters in all. */
export const MAX_SHARED_STRINGS = 2_000_000;
export const MAX_SHARED_CHARS = 40 * 1024 * 1024;
/** The most bytes unpacked from the workbook, all parts read together. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
/** The small parts (workbook, relationships, styles): each at most this, unpacked. */
const MAX_SMALL_PART = 8 * 1024 * 1024;
/** A tag (with its attributes) longer than this is not a spreadsheet's. */
const MAX_TAG = 64 * 1024;
/** Excel's last column (XFD). */
const MAX_COLUMNS = 16_384;

const tooLarge = (what: string) =>
  new XlsxError(
    413,
    `A planilha é grande demais para ser lida (${what}): salve-a como CSV, ou divida-a em partes, e envie de novo.`,
  );

// ---------------------------------------------------------------------------------------------
// ZIP: the central directory and one entry's bytes, inflated as a stream with its limits.

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function centralDirectory(zip: Buffer): Map<string, ZipEntry> {
  const last = zip.length - 22;
  let end = -1;
  for (let at = last; at >= Math.max(0, last - 65_535); at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end === -1) throw new XlsxError(400, NOT_A_WORKBOOK);
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    throw tooLarge('um arquivo ZIP64');
  }
  if (offset + size > zip.length) throw new XlsxError(400, BROKEN);
  const entries = new Map<string, ZipEntry>();
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) {
      throw new XlsxError(400, BROKEN);
    }
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, Math.min(zip.length, at + 46 + nameLength)),
    };
    entries.set(entry.name.replace(/\\/g, '/'), entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** Bytes unpacked so far, for the whole workbook. */
interface Budget {
  left: number;
}

/** An entry's text, piece by piece: inflated as a stream, its sizes checked while it goes. */
async function* entryText(
  zip: Buffer,
  entry: ZipEntry,
  budget: Budget,
  limit: number,
): AsyncGenerator<string> {
  if (entry.flags & 1) {
    throw new XlsxError(
      400,
      'A planilha está protegida por senha: salve-a sem senha e envie de novo.',
    );
  }
  // The declared size, before anything is unpacked.
  if (entry.size > limit || entry.size > budget.left) {
    throw tooLarge(
      `mais de ${Math.round(Math.min(limit, budget.left) / 1024 / 1024)} MB descompactada`,
    );
  }
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) {
    throw new XlsxError(400, BROKEN);
  }
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw new XlsxError(400, BROKEN);
  const packed = zip.subarray(start, end);
  let source: AsyncIterable<Buffer> | Iterable<Buffer>;
  if (entry.method === 0) source = [packed];
  else if (entry.method === 8) source = Readable.from([packed]).pipe(createInflateRaw());
  else throw new XlsxError(400, BROKEN);
  const decoder = new StringDecoder('utf8');
  let inflated = 0;
  try {
    for await (const chunk of source) {
      inflated += chunk.length;
      // The bytes actually inflated: never more than declared (a ZIP that lies is broken).
      if (inflated > entry.size) throw new XlsxError(400, BROKEN);
      budget.left -= chunk.length;
      yield decoder.write(chunk);
    }
  } catch (error) {
    if (error instanceof XlsxError) throw error;
    throw new XlsxError(400, BROKEN);
  } finally {
    if (source instanceof Readable) source.destroy();
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

// ---------------------------------------------------------------------------------------------
// XML: a scanner over pieces of text, calling back for each tag and each run of text.

interface XmlHandler {
  open(name: string, tag: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Raw text (entities not decoded); a run may come in several calls. */
  text(raw: string): void;
}

/** The local name of a tag's text (`x:c r="A1"` → `c`). */
function tagName(tag: string, from: number): string {
  let end = from;
  while (end < tag.length) {
    const code = tag.charCodeAt(end);
    if (code === 32 || code === 9 || code === 10 || code === 13 || code === 47 || code === 62) {
      break;
    }
    end++;
  }
  const name = tag.slice(from, end);
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** One attribute of a tag's text, by its local name (`r:id` is found as `id`). */
export function attribute(tag: string, name: string): string | null {
  const pattern = new RegExp(`(?:^|[\\s:])${name}\\s*=\\s*("([^"]*)"|'([^']*)')`);
  const found = pattern.exec(tag);
  if (!found) return null;
  return decodeXml(found[2] ?? found[3] ?? '');
}

/** The scanner: each piece written is read up to its last whole tag; the rest waits. */
class XmlScanner {
  private carry = '';
  constructor(private readonly handler: XmlHandler) {}
  write(piece: string) {
    const { handler } = this;
    const text = this.carry ? this.carry + piece : piece;
    this.carry = '';
    let pos = 0;
    while (pos < text.length) {
      const lt = text.indexOf('<', pos);
      if (lt === -1) {
        handler.text(text.slice(pos));
        return;
      }
      if (lt > pos) handler.text(text.slice(pos, lt));
      let closer = '>';
      if (text.startsWith('<!--', lt)) closer = '-->';
      else if (text.startsWith('<![CDATA[', lt)) closer = ']]>';
      else if (text.startsWith('<?', lt)) closer = '?>';
      const gt = text.indexOf(closer, lt + 1);
      if (gt === -1) {
        // The tag goes on in the next piece.
        this.carry = text.slice(lt);
        if (this.carry.length > MAX_TAG) throw new XlsxError(400, BROKEN);
        return;
      }
      pos = gt + closer.length;
      if (closer === ']]>') {
        handler.text(escapeXml(text.slice(lt + 9, gt)));
        continue;
      }
      if (closer !== '>') continue;
      if (text.charCodeAt(lt + 1) === 47) {
        handler.close(tagName(text, lt + 2));
        continue;
      }
      if (text.charCodeAt(lt + 1) === 33) continue; // <!DOCTYPE …>
      const tag = text.slice(lt + 1, gt);
      handler.open(tagName(tag, 0), tag, tag.endsWith('/'));
    }
  }
  end() {
    if (this.carry) throw new XlsxError(400, BROKEN);
  }
}

async function scanXml(pieces: AsyncIterable<string>, handler: XmlHandler): Promise<void> {
  const scanner = new XmlScanner(handler);
  for await (const piece of pieces) scanner.write(piece);
  scanner.end();
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXml(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[a-z]{2,4});/g, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return XML_ENTITIES[entity] ?? whole;
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** A cell's raw text gathered in pieces, refused past Excel's limit (entities count once). */
class CellText {
  private parts: string[] = [];
  private length = 0;
  add(raw: string) {
    this.length += raw.length;
    // Written with entities a character takes at most 10 ("&#x10FFFF;").
    if (this.length > MAX_CELL_CHARS * 10) throw cellTooLong();
    this.parts.push(raw);
  }
  take(): string {
    const raw = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
    this.parts = [];
    this.length = 0;
    const text = decodeXml(raw);
    if (text.length > MAX_CELL_CHARS) throw cellTooLong();
    return text;
  }
}

const cellTooLong = () =>
  new XlsxError(
    400,
    `A planilha tem uma célula com mais de ${MAX_CELL_CHARS.toLocaleString('pt-BR')} caracteres (o limite do Excel): ela não parece ser uma planilha de cadastro.`,
  );

// ---------------------------------------------------------------------------------------------
// The parts: shared strings (kept compact), styles (which cells are dates), the first sheet.

/** The shared strings, joined in pages (a page's texts as one string and their offsets). */
class StringPool {
  private static readonly PAGE = 4096;
  private pages: Array<{ text: string; offsets: Uint32Array }> = [];
  private current: string[] = [];
  count = 0;
  chars = 0;
  push(text: string) {
    this.count++;
    this.chars += text.length;
    if (this.count > MAX_SHARED_STRINGS) {
      throw tooLarge(`mais de ${MAX_SHARED_STRINGS.toLocaleString('pt-BR')} textos diferentes`);
    }
    if (this.chars > MAX_SHARED_CHARS) throw tooLarge('textos demais');
    this.current.push(text);
    if (this.current.length === StringPool.PAGE) this.seal();
  }
  private seal() {
    const offsets = new Uint32Array(this.current.length + 1);
    for (let i = 0; i < this.current.length; i++) {
      offsets[i + 1] = offsets[i] + this.current[i].length;
    }
    this.pages.push({ text: this.current.join(''), offsets });
    this.current = [];
  }
  get(index: number): string {
    if (!(index >= 0 && index < this.count)) return '';
    const page = Math.floor(index / StringPool.PAGE);
    const at = index % StringPool.PAGE;
    if (page === this.pages.length) return this.current[at];
    const { text, offsets } = this.pages[page];
    return text.slice(offsets[at], offsets[at + 1]);
  }
}

async function readSharedStrings(pieces: AsyncIterable<string>): Promise<StringPool> {
  const pool = new StringPool();
  const cell = new CellText();
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  await scanXml(pieces, {
    open(name, _tag, selfClosing) {
      if (name === 'si') {
        if (selfClosing) pool.push('');
        else inItem = true;
      } else if (name === 'rPh' && !selfClosing) phonetic++;
      else if (name === 't' && inItem && !selfClosing) inText = phonetic === 0;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 'si' && inItem) {
        inItem = false;
        pool.push(cell.take());
      }
    },
    text(raw) {
      if (inText) cell.add(raw);
    },
  });
  return pool;
}

/** Number formats Excel builds in that show a date or a time. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** Whether a number format shows a date (as exceljs decides: a date letter outside [] and ""). */
function isDateFormat(code: string): boolean {
  const bare = code
    .slice(0, 1000)
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '');
  return /[ymdhMsb]/.test(bare);
}

/** For each cell style (the `s` of a cell), whether it shows a date. */
async function readDateStyles(pieces: AsyncIterable<string>): Promise<boolean[]> {
  const custom = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await scanXml(pieces, {
    open(name, tag, selfClosing) {
      if (name === 'numFmt') {
        const id = Number(attribute(tag, 'numFmtId'));
        if (custom.size < 10_000) custom.set(id, isDateFormat(attribute(tag, 'formatCode') ?? ''));
      } else if (name === 'cellXfs' && !selfClosing) inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        if (styles.length >= 100_000) throw new XlsxError(400, BROKEN);
        const id = Number(attribute(tag, 'numFmtId') ?? 0);
        styles.push(custom.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return styles;
}

/** A part read whole (workbook, relationships): each tag with its attributes. */
async function readTags(pieces: AsyncIterable<string>, wanted: string): Promise<string[]> {
  const tags: string[] = [];
  await scanXml(pieces, {
    open(name, tag) {
      if (name === wanted && tags.length < 10_000) tags.push(tag);
    },
    close() {},
    text() {},
  });
  return tags;
}

/** A column's number (1-based) from a cell reference (`C5` → 3). */
function columnOf(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length && i < 4; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column;
}

export interface XlsxRow {
  /** The row's number in the sheet (1-based). */
  line: number;
  cells: string[];
}

export interface Workbook {
  /** The first sheet's rows that hold something, in order. */
  rows: AsyncGenerator<XlsxRow>;
}

/** Serial day numbers as dates, as exceljs turns them (1900 or 1904 system). */
function serialDate(value: number, date1904: boolean): string {
  const date = new Date(Math.round((value - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

async function* sheetRows(
  pieces: AsyncIterable<string>,
  shared: StringPool,
  dateStyles: boolean[],
  date1904: boolean,
): AsyncGenerator<XlsxRow> {
  const ready: XlsxRow[] = [];
  const cell = new CellText();
  let line = 0;
  let cells: string[] = [];
  let rowChars = 0;
  let column = 0;
  let type = 'n';
  let style = 0;
  /** Where the text goes: a cell's <v>, an inline string's <t>, or nowhere. */
  let capture = false;
  let inInline = false;
  let phonetic = 0;
  const endCell = () => {
    const raw = cell.take();
    let text: string;
    switch (type) {
      case 's':
        text = shared.get(Number.parseInt(raw, 10));
        break;
      case 'inlineStr':
      case 'str':
        text = raw;
        break;
      case 'b':
        text = raw === '' ? '' : raw.trim() === '1' ? 'true' : 'false';
        break;
      case 'e':
        text = '';
        break;
      case 'd':
        text = /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : raw;
        break;
      default: {
        const number = raw.trim() === '' ? Number.NaN : Number(raw);
        if (Number.isNaN(number)) text = raw;
        else text = dateStyles[style] ? serialDate(number, date1904) : String(number);
      }
    }
    text = text.trim();
    if (text === '') return;
    rowChars += text.length;
    if (rowChars > MAX_ROW_CHARS) {
      throw new XlsxError(
        400,
        `A linha ${line} da planilha é longa demais: ela não parece ser uma planilha de cadastro.`,
      );
    }
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = text;
  };
  const scanner = new XmlScanner({
    open(name, tag, selfClosing) {
      switch (name) {
        case 'row': {
          const number = Number(attribute(tag, 'r'));
          line = Number.isInteger(number) && number > line ? number : line + 1;
          cells = [];
          rowChars = 0;
          column = 0;
          break;
        }
        case 'c': {
          const reference = attribute(tag, 'r');
          const at = reference ? columnOf(reference) : 0;
          column = at > 0 ? at : column + 1;
          if (column > MAX_COLUMNS) throw new XlsxError(400, BROKEN);
          type = attribute(tag, 't') ?? 'n';
          style = Number(attribute(tag, 's') ?? 0);
          inInline = false;
          phonetic = 0;
          if (selfClosing) cell.take();
          break;
        }
        case 'v':
          capture = !selfClosing && !inInline;
          break;
        case 'is':
          inInline = !selfClosing;
          break;
        case 'rPh':
          if (!selfClosing) phonetic++;
          break;
        case 't':
          capture = inInline && !selfClosing && phonetic === 0;
          break;
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          capture = false;
          break;
        case 'rPh':
          phonetic = Math.max(0, phonetic - 1);
          break;
        case 'is':
          inInline = false;
          break;
        case 'c':
          endCell();
          break;
        case 'row':
          if (cells.some((text) => text !== '')) ready.push({ line, cells });
          cells = [];
          break;
      }
    },
    text(raw) {
      if (capture) cell.add(raw);
    },
  });
  // One piece at a time: the rows it finished are handed out before the next is unpacked.
  for await (const piece of pieces) {
    scanner.write(piece);
    while (ready.length > 0) yield ready.shift()!;
  }
  scanner.end();
}

/** The path of a relationship's target, from the folder of the part that names it. */
function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').filter(Boolean);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** Opens a workbook's first sheet (the bytes of the .xlsx); XlsxError when it cannot. */
export async function openWorkbook(zip: Buffer): Promise<Workbook> {
  if (zip.length < 22) throw new XlsxError(400, NOT_A_WORKBOOK);
  const entries = centralDirectory(zip);
  const budget: Budget = { left: MAX_UNPACKED_BYTES };
  const part = (name: string, limit = MAX_UNPACKED_BYTES) => {
    const entry = entries.get(name);
    return entry ? entryText(zip, entry, budget, limit) : null;
  };
  const workbookPart = part('xl/workbook.xml', MAX_SMALL_PART);
  if (!workbookPart) throw new XlsxError(400, NOT_A_WORKBOOK);
  const workbookTags: string[] = [];
  await scanXml(workbookPart, {
    open(name, tag) {
      if ((name === 'sheet' || name === 'workbookPr') && workbookTags.length < 10_000) {
        workbookTags.push(`${name} ${tag}`);
      }
    },
    close() {},
    text() {},
  });
  const date1904 = workbookTags.some(
    (tag) => tag.startsWith('workbookPr ') && /^(1|true)$/.test(attribute(tag, 'date1904') ?? ''),
  );
  const firstSheetId = attribute(workbookTags.find((tag) => tag.startsWith('sheet ')) ?? '', 'id');
  const relsPart = part('xl/_rels/workbook.xml.rels', MAX_SMALL_PART);
  const relationships = relsPart ? await readTags(relsPart, 'Relationship') : [];
  const target = (test: (tag: string) => boolean, fallback: string) => {
    const tag = relationships.find(test);
    const path = tag ? attribute(tag, 'Target') : null;
    return path ? resolveTarget('xl', path) : fallback;
  };
  const ofType = (kind: string) => (tag: string) =>
    (attribute(tag, 'Type') ?? '').endsWith(`/${kind}`);
  const sheetPath = target(
    (tag) => firstSheetId !== null && attribute(tag, 'Id') === firstSheetId,
    'xl/worksheets/sheet1.xml',
  );
  const stylesPart = part(target(ofType('styles'), 'xl/styles.xml'), MAX_SMALL_PART);
  const dateStyles = stylesPart ? await readDateStyles(stylesPart) : [];
  const sharedPart = part(target(ofType('sharedStrings'), 'xl/sharedStrings.xml'));
  const shared = sharedPart ? await readSharedStrings(sharedPart) : new StringPool();
  const sheetPart = part(sheetPath);
  if (!sheetPart) throw new XlsxError(400, NOT_A_WORKBOOK);
  return { rows: sheetRows(sheetPart, shared, dateStyles, date1904) };
}
