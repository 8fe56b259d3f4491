// OFX bank statements (issue 14), as Brazilian banks export them: OFX 1.x (SGML: a header block
// of KEY:VALUE lines, leaf tags left unclosed, often Windows-1252) and OFX 2.x (XML). The npm
// parsers were tried first (ofx-js 1.1, ofx-data-extractor 1.5): both refuse a plain SGML file
// with an empty <FITID> or an unescaped "&" in a memo, which banks do export, and neither reads
// the amounts and dates; so this small reader: the file's tags into a tree (aggregates from the
// specification, every other tag a leaf), then the statement's fields read from it.
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

/** Outflows some banks write with a positive TRNAMT. */
const DEBIT_TYPES = new Set(['DEBIT', 'PAYMENT', 'CHECK', 'FEE', 'SRVCHG', 'DIRECTDEBIT', 'CASH']);

interface OfxNode {
  name: string;
  text: string;
  children: OfxNode[];
}

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

/** The tags of the body as a tree. A closing tag closes its open aggregate (and any left open). */
function parseTree(body: string): OfxNode {
  const root: OfxNode = { name: '#root', text: '', children: [] };
  const stack: OfxNode[] = [root];
  const tag = /<(\/?)([A-Za-z][A-Za-z0-9_.]*)[^>]*>([^<]*)/g;
  for (let found = tag.exec(body); found; found = tag.exec(body)) {
    const [, closing, rawName, rawText] = found;
    const name = rawName.toUpperCase();
    if (closing) {
      for (let i = stack.length - 1; i > 0; i--) {
        if (stack[i].name === name) {
          stack.length = i;
          break;
        }
      }
      continue;
    }
    const node: OfxNode = { name, text: '', children: [] };
    stack[stack.length - 1].children.push(node);
    if (AGGREGATES.has(name)) stack.push(node);
    else node.text = decodeEntities(rawText.replace(/\s+/g, ' ').trim());
  }
  return root;
}

function child(node: OfxNode | undefined, name: string): OfxNode | undefined {
  return node?.children.find((candidate) => candidate.name === name);
}

function value(node: OfxNode | undefined, name: string): string | null {
  const text = child(node, name)?.text;
  return text ? text : null;
}

/** Every node named `name` under `node`, at any depth. */
function findAll(node: OfxNode, name: string, into: OfxNode[] = []): OfxNode[] {
  for (const candidate of node.children) {
    if (candidate.name === name) into.push(candidate);
    else findAll(candidate, name, into);
  }
  return into;
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

function balanceOf(node: OfxNode | undefined): OfxBalance | null {
  const amount = parseOfxAmount(value(node, 'BALAMT'));
  if (amount === null) return null;
  return { amount_cents: amount, date: parseOfxDate(value(node, 'DTASOF')) };
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

function lineOf(node: OfxNode, index: number): OfxLine {
  const where = `Lançamento ${index + 1} do extrato`;
  const trnType = value(node, 'TRNTYPE')?.toUpperCase() ?? null;
  const date = parseOfxDate(value(node, 'DTPOSTED'));
  if (!date) throw new OfxError(`${where}: data (DTPOSTED) ausente ou inválida.`);
  let amount = parseOfxAmount(value(node, 'TRNAMT'));
  if (amount === null) throw new OfxError(`${where}: valor (TRNAMT) ausente ou inválido.`);
  if (amount > 0 && trnType && DEBIT_TYPES.has(trnType)) amount = -amount;
  const name = value(node, 'NAME') ?? value(child(node, 'PAYEE'), 'NAME');
  const memo = value(node, 'MEMO');
  return {
    trn_type: trnType,
    date,
    amount_cents: amount,
    fitid: value(node, 'FITID'),
    name,
    memo,
    check_number: value(node, 'CHECKNUM'),
    description: describe(name, memo, trnType),
  };
}

/** Reads an OFX file (1.x or 2.x, any of the usual encodings); OfxError in Portuguese if not. */
export function parseOfx(bytes: Buffer): OfxStatement {
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
  const body = text.slice(start).replace(/<!--[\s\S]*?-->/g, '');
  const tree = parseTree(body);
  const statements = [...findAll(tree, 'STMTRS'), ...findAll(tree, 'CCSTMTRS')];
  if (statements.length === 0) throw new OfxError('O arquivo OFX não traz extrato de conta.');
  if (statements.length > 1) {
    throw new OfxError(
      `O arquivo traz extratos de ${statements.length} contas: exporte um arquivo por conta.`,
    );
  }
  const statement = statements[0];
  const account = child(statement, 'BANKACCTFROM') ?? child(statement, 'CCACCTFROM');
  const list = child(statement, 'BANKTRANLIST');
  const lines = (list ? list.children.filter((node) => node.name === 'STMTTRN') : []).map(lineOf);
  return {
    version,
    encoding,
    currency: value(statement, 'CURDEF'),
    bank_id: value(account, 'BANKID'),
    branch_id: value(account, 'BRANCHID'),
    account_id: value(account, 'ACCTID'),
    start_date: parseOfxDate(value(list, 'DTSTART')),
    end_date: parseOfxDate(value(list, 'DTEND')),
    ledger_balance: balanceOf(child(statement, 'LEDGERBAL')),
    available_balance: balanceOf(child(statement, 'AVAILBAL')),
    lines,
  };
}
