// OFX files for the statement tests and the bench: a bank's SGML export (OFX 1.02, Windows-1252
// by default) of the given lines. Upload one with tests/support/multipart.ts.
import iconv from 'iconv-lite';

export interface OfxTestLine {
  date: string;
  amount_cents: number;
  memo: string;
  /** Absent: none; '' writes an empty <FITID>. */
  fitid?: string;
  name?: string;
  type?: string;
}

const ofxDate = (iso: string) => `${iso.replace(/-/g, '')}120000[-3:BRT]`;
const ofxAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export function buildOfx(options: {
  lines: readonly OfxTestLine[];
  start?: string;
  end?: string;
  ledger?: { amount_cents: number; date: string };
  accountId?: string;
  currency?: string;
  encoding?: 'windows-1252' | 'utf-8';
}): Buffer {
  const dates = options.lines.map((line) => line.date).sort();
  const start = options.start ?? dates[0] ?? '2026-03-01';
  const end = options.end ?? dates[dates.length - 1] ?? start;
  const encoding = options.encoding ?? 'windows-1252';
  const parts = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    `ENCODING:${encoding === 'utf-8' ? 'UTF-8' : 'USASCII'}`,
    `CHARSET:${encoding === 'utf-8' ? 'NONE' : '1252'}`,
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    `<DTSERVER>${ofxDate(end)}<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>`,
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
    `<STMTRS><CURDEF>${options.currency ?? 'BRL'}`,
    `<BANKACCTFROM><BANKID>001<BRANCHID>1234-5<ACCTID>${options.accountId ?? '12345-6'}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    `<BANKTRANLIST><DTSTART>${ofxDate(start)}<DTEND>${ofxDate(end)}`,
  ];
  for (const line of options.lines) {
    parts.push(
      '<STMTTRN>',
      `<TRNTYPE>${line.type ?? (line.amount_cents < 0 ? 'DEBIT' : 'CREDIT')}`,
      `<DTPOSTED>${ofxDate(line.date)}`,
      `<TRNAMT>${ofxAmount(line.amount_cents)}`,
      ...(line.fitid === undefined ? [] : [`<FITID>${line.fitid}`]),
      ...(line.name ? [`<NAME>${line.name}`] : []),
      `<MEMO>${line.memo}`,
      '</STMTTRN>',
    );
  }
  parts.push('</BANKTRANLIST>');
  if (options.ledger) {
    parts.push(
      `<LEDGERBAL><BALAMT>${ofxAmount(options.ledger.amount_cents)}<DTASOF>${ofxDate(options.ledger.date)}</LEDGERBAL>`,
    );
  }
  parts.push('</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>', '');
  const text = parts.join('\r\n');
  return encoding === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, 'win1252');
}
