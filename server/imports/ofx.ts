// OFX bank statements (issue 14), as Brazilian banks export them: OFX 1.x (SGML: a header block
// of KEY:VALUE lines, leaf tags left unclosed, often Windows-1252) and OFX 2.x (XML). The npm
// parsers were tried first (ofx-js 1.1, ofx-data-extractor 1.5): both refuse a plain SGML file
// with an empty <FITID> or an unescaped "&" in a memo, which banks do export, and neither reads
// the amounts and dates; so this small reader: the file's tags into a tree (aggregates from the
// specification, every other tag a leaf), then the statement's fields read from it.
// The reader is one pass of indexOf over the text (time linear in the file, no regular expression
// over the whole body) keeping only the open aggregates (each name at most once: an aggregate of
// the specification never holds one of its own name, so a file of 100,000 <BAL> is not 100,000
// deep) and the statements' lines; what is unclosed is closed where the file, or the next
// aggregate of the same name, says so. Uploads run it in a worker (parseWorker.ts).
import iconv from 'iconv-lite';
import { isIsoDate } from '../../domain/dates.js';

export class OfxError extends Error {}

export interface OfxBalance {
  amount_cents: number;
  date: string | null;
}

export interface OfxLine {
  /** TRNTYPE (CREDIT, DEBIT, PAYMENT, ...), uppercase. */
  trn_type: string | null;
  /** DTPOSTED as YYYY-MM-DD: the bank's own day (the time and time zone are left out). */
  date: string;
  /** TRNAMT in centavos, + money in, - money out. */
  amount_cents: number;
  /** FITID, null when the bank left it empty. */
  fitid: string | null;
  name: string | null;
  memo: string | null;
  check_number: string | null;
  /** NAME and MEMO as one text (whichever there is, both when they differ). */
  description: string;
}

export interface OfxStatement {
  /** A bank account's statement (STMTRS) or a credit card's (CCSTMTRS). */
  kind: 'bank' | 'credit_card';
  /** 1: SGML (OFX 1.x), 2: XML (OFX 2.x). */
  version: 1 | 2;
  /** How the bytes were read. */
  encoding: 'utf-8' | 'windows-1252';
  currency: string | null;
  bank_id: string | null;
  branch_id: string | null;
  account_id: string | null;
  start_date: string | null;
  end_date: string | null;
  ledger_balance: OfxBalance | null;
  available_balance: OfxBalance | null;
  lines: OfxLine[];
}

/** Tags that hold other tags (OFX 1.6 / 2.2 specification, banking and credit card). */
const AGGREGATES = new Set([
  'OFX',
  'SIGNONMSGSRSV1',
  'SONRS',
  'STATUS',
  'FI',
  'BANKMSGSRSV1',
  'STMTTRNRS',
  'STMTRS',
  'BANKACCTFROM',
  'BANKACCTTO',
  'BANKTRANLIST',
  'STMTTRN',
  'PAYEE',
  'CURRENCY',
  'ORIGCURRENCY',
  'LEDGERBAL',
  'AVAILBAL',
  'BALLIST',
  'BAL',
  'CREDITCARDMSGSRSV1',
  'CCSTMTTRNRS',
  'CCSTMTRS',
  'CCACCTFROM',
  'CCACCTTO',
]);

/**
 * The most lines one file may bring: a busy account's year (a church's month is a few hundred).
 * The import writes them in one transaction, which the other requests wait for (on SQLite, one
 * connection): 5,000 lines keep that well under a second on a loaded machine; 20,000 did not.
 */
export const OFX_MAX_LINES = 5_000;
/** The most statements (accounts) one file may bring. */
export const OFX_MAX_STATEMENTS = 20;
/** A leaf's text beyond this is cut (a memo is a line; NAME is 32 characters in the spec). */
const MAX_TEXT = 1_000;
/** A tag name beyond this is not a tag of the specification (the longest is 18). */
const MAX_NAME = 40;

/** A file the reader refuses for its size (too many lines or statements): a 413. */
export class OfxTooLargeError extends OfxError {}

/** Outflows some banks write with a positive TRNAMT. */
const DEBIT_TYPES = new Set(['DEBIT', 'PAYMENT', 'CHECK', 'FEE', 'SRVCHG', 'DIRECTDEBIT', 'CASH']);

/** Valid UTF-8 (with or without a BOM) is read as UTF-8; anything else as Windows-1252. */
export function decodeText(bytes: Buffer): { text: string; encoding: OfxStatement['encoding'] } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(bytes, 'win1252'), encoding: 'windows-1252' };
  }
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number(entity.slice(1));
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/**
 * An OFX date (`20240131`, `20240131120000`, `20240131120000.000[-3:BRT]`, and the
 * `2024-01-31` some exporters write) as YYYY-MM-DD: the bank's calendar day.
 */
export function parseOfxDate(raw: string | null): string | null {
  if (!raw) return null;
  const found = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(raw.trim());
  if (!found) return null;
  const iso = `${found[1]}-${found[2]}-${found[3]}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * An OFX amount in centavos: a dot or a comma as the decimal mark (`-150,00`, `1200.50`), with
 * thousands marks when both appear (`1.234,56`, `1,234.56`), a sign before or after.
 */
export function parseOfxAmount(raw: string | null): number | null {
  if (!raw) return null;
  let text = raw.replace(/\s/g, '');
  let negative = false;
  if (/^[+-]/.test(text)) {
    negative = text[0] === '-';
    text = text.slice(1);
  } else if (/-$/.test(text)) {
    negative = true;
    text = text.slice(0, -1);
  }
  if (!/^[\d.,]+$/.test(text)) return null;
  const mark = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  const whole = mark === -1 ? text : text.slice(0, mark).replace(/[.,]/g, '');
  const fraction = mark === -1 ? '' : text.slice(mark + 1);
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '') return null;
  if (whole.length > 13) return null;
  const padded = `${fraction}000`;
  const cents =
    Number(whole || '0') * 100 + Number(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1 : 0);
  return negative && cents !== 0 ? -cents : cents;
}

/** NAME and MEMO as one description: one when the other is empty or inside it, else both. */
function describe(name: string | null, memo: string | null, trnType: string | null): string {
  const texts = [name, memo].filter((text): text is string => Boolean(text));
  let description: string;
  if (texts.length === 2) {
    const [a, b] = texts;
    const lower = [a.toLowerCase(), b.toLowerCase()];
    description = lower[0].includes(lower[1]) ? a : lower[1].includes(lower[0]) ? b : `${a} – ${b}`;
  } else {
    description = texts[0] ?? (trnType ? `Movimentação (${trnType})` : 'Movimentação');
  }
  return description.slice(0, 200);
}

/** What a transaction says, as its leaves are read. */
interface LineFields {
  TRNTYPE?: string;
  DTPOSTED?: string;
  TRNAMT?: string;
  FITID?: string;
  NAME?: string;
  PAYEE_NAME?: string;
  MEMO?: string;
  CHECKNUM?: string;
}

function lineOf(fields: LineFields, index: number): OfxLine {
  const where = `Lançamento ${index + 1} do extrato`;
  const trnType = fields.TRNTYPE?.toUpperCase() || null;
  const date = parseOfxDate(fields.DTPOSTED || null);
  if (!date) throw new OfxError(`${where}: data (DTPOSTED) ausente ou inválida.`);
  let amount = parseOfxAmount(fields.TRNAMT || null);
  if (amount === null) throw new OfxError(`${where}: valor (TRNAMT) ausente ou inválido.`);
  if (amount > 0 && trnType && DEBIT_TYPES.has(trnType)) amount = -amount;
  const name = fields.NAME || fields.PAYEE_NAME || null;
  const memo = fields.MEMO || null;
  return {
    trn_type: trnType,
    date,
    amount_cents: amount,
    fitid: fields.FITID || null,
    name,
    memo,
    check_number: fields.CHECKNUM || null,
    description: describe(name, memo, trnType),
  };
}

function balanceOf(fields: Record<string, string>): OfxBalance | null {
  const amount = parseOfxAmount(fields.BALAMT || null);
  if (amount === null) return null;
  return { amount_cents: amount, date: parseOfxDate(fields.DTASOF || null) };
}

/** An open aggregate and the leaves read directly inside it. */
interface Frame {
  name: string;
  fields: Record<string, string>;
  /** STMTRS / CCSTMTRS only: the statement being read. */
  statement?: OfxStatement;
}

const STATEMENT_TAGS = new Set(['STMTRS', 'CCSTMTRS']);

function leafText(raw: string): string {
  const text = raw.length > MAX_TEXT * 4 ? raw.slice(0, MAX_TEXT * 4) : raw;
  return decodeEntities(text.replace(/\s+/g, ' ').trim()).slice(0, MAX_TEXT);
}

/** Whether the character at `index` may be part of a tag name ([A-Za-z0-9_.]). */
function isNameChar(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 46
  );
}

/**
 * Reads an OFX file (1.x or 2.x, any of the usual encodings): every statement in it, one per
 * account (most files bring one). OfxError in Portuguese if it is not a statement;
 * OfxTooLargeError past the limits of lines and statements.
 */
export function parseOfx(bytes: Buffer): OfxStatement[] {
  if (bytes.length === 0) throw new OfxError('O arquivo está vazio.');
  if (bytes.subarray(0, 4096).includes(0)) {
    throw new OfxError('O arquivo não é um extrato OFX (conteúdo binário).');
  }
  const { text, encoding } = decodeText(bytes);
  const start = text.search(/<OFX>/i);
  if (start === -1) {
    throw new OfxError(
      'O arquivo não é um extrato OFX: exporte o extrato no internet banking no formato OFX (Money).',
    );
  }
  const head = text.slice(0, start);
  const version = /<\?xml/i.test(head) || /OFXHEADER\s*=/i.test(head) ? 2 : 1;

  const statements: OfxStatement[] = [];
  const rawLines = new Map<OfxStatement, LineFields[]>();
  let lineCount = 0;
  const stack: Frame[] = [];
  const statementOf = (below: number): OfxStatement | undefined => {
    for (let i = below - 1; i >= 0; i--) if (stack[i].statement) return stack[i].statement;
    return undefined;
  };

  /** An aggregate ends: what it held goes to its statement. */
  const finish = (frame: Frame, depth: number) => {
    const statement = frame.statement ?? statementOf(depth);
    if (!statement) return;
    const { fields } = frame;
    switch (frame.name) {
      case 'STMTRS':
      case 'CCSTMTRS':
        statement.currency = fields.CURDEF || null;
        break;
      case 'BANKACCTFROM':
      case 'CCACCTFROM':
        statement.bank_id ??= fields.BANKID || null;
        statement.branch_id ??= fields.BRANCHID || null;
        statement.account_id ??= fields.ACCTID || null;
        break;
      case 'BANKTRANLIST':
        statement.start_date ??= parseOfxDate(fields.DTSTART || null);
        statement.end_date ??= parseOfxDate(fields.DTEND || null);
        break;
      case 'LEDGERBAL':
        statement.ledger_balance ??= balanceOf(fields);
        break;
      case 'AVAILBAL':
        statement.available_balance ??= balanceOf(fields);
        break;
      case 'STMTTRN': {
        lineCount++;
        if (lineCount > OFX_MAX_LINES) {
          throw new OfxTooLargeError(
            `O extrato tem lançamentos demais: envie no máximo ${OFX_MAX_LINES.toLocaleString('pt-BR')} por arquivo (um período mais curto).`,
          );
        }
        rawLines.get(statement)!.push(fields as LineFields);
        break;
      }
      case 'PAYEE': {
        // The payee's NAME, for a transaction that has no NAME of its own.
        const transaction = stack[depth - 1];
        if (transaction?.name === 'STMTTRN' && fields.NAME) {
          transaction.fields.PAYEE_NAME ??= fields.NAME;
        }
        break;
      }
    }
  };
  /** Closes the open aggregates down to (and including) the one at `depth`. */
  const closeTo = (depth: number) => {
    while (stack.length > depth) {
      const frame = stack.pop()!;
      finish(frame, stack.length);
    }
  };

  let pos = start;
  let leaf: string | null = null;
  const length = text.length;
  while (pos < length) {
    const lt = text.indexOf('<', pos);
    const textEnd = lt === -1 ? length : lt;
    if (leaf !== null) {
      const top = stack[stack.length - 1];
      if (top) top.fields[leaf] ??= leafText(text.slice(pos, textEnd));
      leaf = null;
    }
    if (lt === -1) break;
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end === -1) break; // a comment to the end of the file
      pos = end + 3;
      continue;
    }
    const gt = text.indexOf('>', lt + 1);
    if (gt === -1) break;
    pos = gt + 1;
    let cursor = lt + 1;
    const closing = text.charCodeAt(cursor) === 47; // "/"
    if (closing) cursor++;
    let nameEnd = cursor;
    while (nameEnd < gt && nameEnd - cursor <= MAX_NAME && isNameChar(text.charCodeAt(nameEnd))) {
      nameEnd++;
    }
    const first = text.charCodeAt(cursor);
    const letter = (first >= 65 && first <= 90) || (first >= 97 && first <= 122);
    if (!letter || nameEnd - cursor > MAX_NAME) continue; // <?xml …?>, <!DOCTYPE>, not a tag
    const name = text.slice(cursor, nameEnd).toUpperCase();
    const open = stack.findIndex((frame) => frame.name === name);
    if (closing) {
      // A closing tag closes its open aggregate and any left open inside it.
      if (open !== -1) closeTo(open);
      continue;
    }
    if (!AGGREGATES.has(name)) {
      if (text.charCodeAt(gt - 1) !== 47) leaf = name; // <TAG/> is empty
      continue;
    }
    // An aggregate never holds one of its own name: the open one ended unclosed.
    if (open !== -1) closeTo(open);
    const frame: Frame = { name, fields: {} };
    if (STATEMENT_TAGS.has(name)) {
      if (statements.length === OFX_MAX_STATEMENTS) {
        throw new OfxTooLargeError(
          `O arquivo traz extratos de contas demais: envie no máximo ${OFX_MAX_STATEMENTS} por arquivo.`,
        );
      }
      frame.statement = {
        kind: name === 'CCSTMTRS' ? 'credit_card' : 'bank',
        version,
        encoding,
        currency: null,
        bank_id: null,
        branch_id: null,
        account_id: null,
        start_date: null,
        end_date: null,
        ledger_balance: null,
        available_balance: null,
        lines: [],
      };
      statements.push(frame.statement);
      rawLines.set(frame.statement, []);
    }
    stack.push(frame);
  }
  // What the file left open ends with it (a transaction list never closed, a cut file).
  closeTo(0);
  if (statements.length === 0) throw new OfxError('O arquivo OFX não traz extrato de conta.');
  for (const statement of statements) {
    statement.lines = rawLines.get(statement)!.map(lineOf);
  }
  return statements;
}
