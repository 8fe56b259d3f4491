// The CSV import of paper history (issue 14): credentials and letters issued before Adam, one
// per row, matched to members by CPF, else by name and birth date (by the name alone when the
// row has no birth date and no other member has that name). A dry run answers every row as
// it would be saved, with its errors in Portuguese; the import writes every row in one
// transaction, or nothing when a row is wrong. A row whose kind and number are already recorded
// for the same member is "já registrada" and skipped, so sending the same file again adds nothing.
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { formatCredentialNumber } from '../../../domain/credentials.js';
import { sheetDateToIso } from '../../../domain/dates.js';
import { fieldErrors } from '../../../domain/validation.js';
import { formatLetterNumber } from '../../../domain/letters.js';
import {
  type PaperCredentialInput,
  type PaperLetterInput,
  paperCredentialSchema,
  paperLetterSchema,
} from '../../../domain/paperHistory.js';
import { searchText } from '../../../domain/search.js';
import { isValidCpf, normalizeCpf } from '../../../domain/taxIds.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { canWrite } from '../../http/scope.js';
import type { Actor } from '../../audit/trail.js';
import { readTable } from '../../imports/csv.js';
import { badRequest } from '../../plugins/errors.js';
import { recordPaperCredential, validityMonths } from '../credentials/index.js';
import { recordPaperLetter } from '../letters/index.js';

export type PaperKind = 'credentials' | 'letters';

/** Rows per file: decades of a church's book, far from a size that needs streaming writes. */
export const MAX_ROWS = 10_000;

type Field =
  | 'cpf'
  | 'name'
  | 'birth_date'
  | 'number'
  | 'issued_on'
  | 'expires_on'
  | 'letter_type'
  | 'destination_church'
  | 'destination_city'
  | 'notes';

/** Each column as the rows' errors name it. */
const COLUMN_LABELS: Record<Field | 'member', string> = {
  cpf: 'CPF',
  name: 'Nome',
  birth_date: 'Data de nascimento',
  member: 'Membro',
  number: 'Número',
  issued_on: 'Data de emissão',
  expires_on: 'Validade',
  letter_type: 'Tipo',
  destination_church: 'Igreja de destino',
  destination_city: 'Cidade de destino',
  notes: 'Observações',
};

/** The headers churches write for each column (compared without accents, case or punctuation). */
const HEADERS: Record<Field, string[]> = {
  cpf: ['cpf', 'cpf do membro'],
  name: ['nome', 'membro', 'nome do membro', 'nome completo'],
  birth_date: ['data de nascimento', 'nascimento', 'data nascimento', 'dt nascimento'],
  number: [
    'numero',
    'no',
    'n',
    'num',
    'numero da credencial',
    'numero da carta',
    'numero do cartao',
  ],
  issued_on: ['data de emissao', 'emissao', 'emitida em', 'data', 'dt emissao'],
  expires_on: ['validade', 'valida ate', 'vencimento', 'data de validade', 'vence em'],
  letter_type: ['tipo', 'tipo de carta', 'tipo da carta'],
  destination_church: ['igreja de destino', 'destino', 'igreja'],
  destination_city: ['cidade de destino', 'cidade'],
  notes: ['observacoes', 'observacao', 'obs'],
};

const FIELDS: Record<PaperKind, Field[]> = {
  credentials: ['cpf', 'name', 'birth_date', 'number', 'issued_on', 'expires_on'],
  letters: [
    'cpf',
    'name',
    'birth_date',
    'number',
    'issued_on',
    'letter_type',
    'destination_church',
    'destination_city',
    'notes',
  ],
};

const REQUIRED: Record<PaperKind, Field[]> = {
  credentials: ['number', 'issued_on'],
  letters: ['number', 'issued_on', 'letter_type', 'destination_church'],
};

const LETTER_TYPE_WORDS: Record<string, string> = {
  recomendacao: 'recommendation',
  'carta de recomendacao': 'recommendation',
  recommendation: 'recommendation',
  transferencia: 'transfer',
  'carta de transferencia': 'transfer',
  'carta de mudanca': 'transfer',
  transfer: 'transfer',
};

/** "Nº", "Número da Credencial:" -> "no", "numero da credencial". */
function headerKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface RowError {
  column: string;
  message: string;
}

export interface ImportRow {
  /** The spreadsheet's row (the header is row 1). */
  line: number;
  status: 'new' | 'recorded' | 'not_found' | 'error';
  member_id: number | null;
  member_name: string | null;
  /** Who the row names, as the file writes it (its name, else its CPF): for rows not matched. */
  member_given: string;
  /** As printed: 000123 for a card, 12/2019 for a letter; the file's text when unreadable. */
  number: string;
  issued_on: string | null;
  expires_on?: string | null;
  letter_type?: string | null;
  destination_church?: string | null;
  errors: RowError[];
}

export interface ImportReport {
  kind: PaperKind;
  dry_run: boolean;
  /** Rows of the file. */
  total: number;
  /** To record (dry run) or recorded. */
  created: number;
  already_recorded: number;
  not_found: number;
  failed: number;
  /** Rows whose member was not found are left out instead of failing the import. */
  skip_not_found: boolean;
  rows: ImportRow[];
}

interface Member {
  id: number;
  name: string;
  congregation_id: number;
  cpf: string | null;
  sort_name: string;
  birth_date: string | null;
}

const CHUNK = 500;

async function membersWhere(
  db: Kysely<Database>,
  column: 'cpf' | 'sort_name',
  values: string[],
): Promise<Member[]> {
  const found: Member[] = [];
  const unique = [...new Set(values)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    found.push(
      ...(await db
        .selectFrom('members')
        .select(['id', 'name', 'congregation_id', 'cpf', 'sort_name', 'birth_date'])
        .where(column, 'in', unique.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return found;
}

/** 123.456.789-09, 12345678909 or Excel's 1234567890 (a leading zero lost) -> 11 digits. */
function cpfOf(text: string): string {
  const digits = normalizeCpf(text);
  return digits.length >= 9 && digits.length < 11 ? digits.padStart(11, '0') : digits;
}

interface Parsed {
  row: ImportRow;
  /** The validated record, when the row has no error. */
  input?: PaperCredentialInput | PaperLetterInput;
}

/** A date column's ISO value; a text that is no date stays as it is for the schema to refuse. */
const dateOf = (text: string) => (text === '' ? null : (sheetDateToIso(text) ?? text));

/**
 * Reads the file and judges every row against the registry and the recorded documents; writes
 * them when `dryRun` is false and no row failed (the report's `failed` is then 0).
 */
export async function importPaperHistory(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  kind: PaperKind,
  file: Buffer | Readable,
  options: { dryRun: boolean; skipNotFound: boolean; actor: Actor },
): Promise<ImportReport> {
  // The shared reader (server/imports/csv.ts): CSV only here; its refusals are 400s.
  const table = await readTable(file, { xlsx: false });
  const columns = columnsOf(kind, table.headers);
  const records: Array<{ line: number; values: Record<Field, string> }> = [];
  for await (const { line, cells } of table.rows) {
    if (records.length === MAX_ROWS) {
      throw badRequest(
        `O arquivo tem mais de ${MAX_ROWS.toLocaleString('pt-BR')} linhas: divida-o em partes.`,
      );
    }
    const values = {} as Record<Field, string>;
    for (const field of FIELDS[kind]) {
      const column = columns.get(field);
      values[field] = column === undefined ? '' : (cells[column] ?? '').trim();
    }
    records.push({ line, values });
  }
  if (records.length === 0) throw badRequest('O arquivo não tem linhas além do cabeçalho.');

  // Members of the file, by CPF and by name; those outside the user's rights are not there.
  const cpfs = records.map((r) => cpfOf(r.values.cpf)).filter((cpf) => cpf.length === 11);
  const names = records.map((r) => searchText(r.values.name)).filter(Boolean);
  const inRights = (member: Member) => canWrite(options.actor.rights, member.congregation_id);
  const byCpf = new Map(
    (await membersWhere(db, 'cpf', cpfs)).filter(inRights).map((m) => [m.cpf!, m]),
  );
  const byName = new Map<string, Member[]>();
  for (const member of (await membersWhere(db, 'sort_name', names)).filter(inRights)) {
    byName.set(member.sort_name, [...(byName.get(member.sort_name) ?? []), member]);
  }

  const parsed = records.map(({ line, values }) => parseRow(kind, values, line, { byCpf, byName }));
  await markRecorded(db, kind, parsed);

  const rows = parsed.map((item) => item.row);
  const count = (status: ImportRow['status']) => rows.filter((r) => r.status === status).length;
  const report: ImportReport = {
    kind,
    dry_run: options.dryRun,
    total: rows.length,
    created: count('new'),
    already_recorded: count('recorded'),
    not_found: count('not_found'),
    failed: count('error') + (options.skipNotFound ? 0 : count('not_found')),
    skip_not_found: options.skipNotFound,
    rows,
  };
  if (options.dryRun || report.failed > 0 || report.created === 0) return report;

  const toWrite = parsed
    .filter((item) => item.row.status === 'new')
    .map((item) => item.input!)
    // Oldest first: of a member's cards the latest issued ends up the active one.
    .sort((a, b) => a.issued_on.localeCompare(b.issued_on));
  const months = kind === 'credentials' ? await validityMonths(db) : 0;
  await db.transaction().execute(async (trx) => {
    for (const input of toWrite) {
      if (kind === 'credentials') {
        await recordPaperCredential(trx, input as PaperCredentialInput, {
          actor: options.actor,
          months,
          dialect,
        });
      } else {
        await recordPaperLetter(trx, input as PaperLetterInput, {
          actor: options.actor,
          dialect,
        });
      }
    }
  });
  return report;
}

/** The file's column of each field; a required one missing is a 400 naming it. */
function columnsOf(kind: PaperKind, headers: string[]): Map<Field, number> {
  const columns = new Map<Field, number>();
  for (const field of FIELDS[kind]) {
    const index = headers.findIndex((h) => HEADERS[field].includes(headerKey(h)));
    if (index >= 0) columns.set(field, index);
  }
  const missing = REQUIRED[kind].filter((field) => !columns.has(field));
  if (!columns.has('cpf') && !columns.has('name')) missing.unshift('cpf');
  if (missing.length > 0) {
    const labels = missing.map((field) =>
      field === 'cpf' ? 'CPF ou Nome (com Data de nascimento)' : COLUMN_LABELS[field],
    );
    throw badRequest(
      `${labels.length === 1 ? 'Coluna obrigatória não encontrada' : 'Colunas obrigatórias não encontradas'}: ${labels.join(', ')}. ` +
        'Confira a primeira linha do arquivo (o cabeçalho).',
    );
  }
  return columns;
}

function parseRow(
  kind: PaperKind,
  values: Record<Field, string>,
  line: number,
  members: { byCpf: Map<string, Member>; byName: Map<string, Member[]> },
): Parsed {
  const errors: RowError[] = [];
  const row: ImportRow = {
    line,
    status: 'new',
    member_id: null,
    member_name: null,
    member_given: values.name || values.cpf,
    number: values.number,
    issued_on: null,
    errors,
  };

  // The member: by CPF, else by name and birth date.
  let member: Member | undefined;
  const cpf = cpfOf(values.cpf);
  if (values.cpf !== '' && !isValidCpf(cpf)) {
    errors.push({ column: COLUMN_LABELS.cpf, message: 'CPF inválido.' });
  } else if (values.cpf !== '') {
    member = members.byCpf.get(cpf);
  }
  if (!member && errors.length === 0 && values.name !== '') {
    const birth = values.birth_date === '' ? null : sheetDateToIso(values.birth_date);
    if (values.birth_date !== '' && birth === null) {
      errors.push({ column: COLUMN_LABELS.birth_date, message: 'Data inválida: use DD/MM/AAAA.' });
    } else {
      // Old books seldom have birth dates: the name alone matches when no one else has it.
      const named = members.byName.get(searchText(values.name)) ?? [];
      const same = birth === null ? named : named.filter((m) => m.birth_date === birth);
      if (same.length > 1) {
        errors.push({
          column: COLUMN_LABELS.member,
          message: birth
            ? `Há ${same.length} membros com este nome e esta data de nascimento: informe o CPF.`
            : `Há ${same.length} membros com este nome: informe o CPF ou a data de nascimento.`,
        });
      } else {
        member = same[0];
      }
    }
  }
  if (member) {
    row.member_id = member.id;
    row.member_name = member.name;
  } else if (errors.length === 0) {
    if (values.cpf === '' && values.name === '') {
      errors.push({ column: COLUMN_LABELS.member, message: 'Informe o CPF ou o nome do membro.' });
    } else {
      row.status = 'not_found';
      errors.push({
        column: COLUMN_LABELS.member,
        message:
          'Membro não encontrado: confira o CPF, ou o nome e a data de nascimento como estão no cadastro.',
      });
      return { row };
    }
  }

  // The document, through the same schema as the form.
  const body = {
    member_id: member?.id ?? 1,
    number: values.number,
    issued_on: dateOf(values.issued_on) ?? '',
    ...(kind === 'credentials'
      ? { expires_on: dateOf(values.expires_on) }
      : {
          letter_type: LETTER_TYPE_WORDS[headerKey(values.letter_type)] ?? values.letter_type,
          destination_church: values.destination_church,
          destination_city: values.destination_city,
          notes: values.notes,
        }),
  };
  const parsed =
    kind === 'credentials'
      ? paperCredentialSchema.safeParse(body)
      : paperLetterSchema.safeParse(body);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
      if (field === 'member_id') continue;
      const label = COLUMN_LABELS[field as Field] ?? field;
      errors.push({
        column: label,
        message:
          field === 'letter_type'
            ? 'Tipo de carta inválido: use Recomendação ou Transferência.'
            : message,
      });
    }
  }
  if (errors.length > 0) {
    row.status = 'error';
    return { row };
  }
  const input = parsed.data as PaperCredentialInput | PaperLetterInput;
  row.issued_on = input.issued_on;
  if (kind === 'credentials') {
    const card = input as PaperCredentialInput;
    row.number = formatCredentialNumber(card.number);
    row.expires_on = card.expires_on;
  } else {
    const letter = input as PaperLetterInput;
    row.number = formatLetterNumber(letter.number, letter.year);
    row.letter_type = letter.letter_type;
    row.destination_church = letter.destination_church;
  }
  return { row, input };
}

/** The key of a document's number: the card's number, or the letter's number and year. */
function numberKey(kind: PaperKind, input: PaperCredentialInput | PaperLetterInput): string {
  return kind === 'credentials'
    ? String(input.number)
    : `${input.number}/${(input as PaperLetterInput).year}`;
}

/**
 * Rows whose number is already recorded for the same member: "recorded" (skipped); for another
 * member, or twice in the file for different members: an error.
 */
async function markRecorded(db: Kysely<Database>, kind: PaperKind, parsed: Parsed[]) {
  const valid = parsed.filter((item) => item.input);
  const stored = new Map<string, number>();
  for (let i = 0; i < valid.length; i += CHUNK) {
    const chunk = valid.slice(i, i + CHUNK).map((item) => item.input!);
    if (kind === 'credentials') {
      const found = await db
        .selectFrom('credentials')
        .select(['number', 'member_id'])
        .where(
          'number',
          'in',
          chunk.map((c) => c.number),
        )
        .execute();
      for (const row of found) stored.set(String(row.number), row.member_id);
    } else {
      const found = await db
        .selectFrom('letters')
        .select(['number', 'year', 'member_id'])
        .where(
          'number',
          'in',
          chunk.map((c) => c.number),
        )
        .execute();
      for (const row of found) stored.set(`${row.number}/${row.year}`, row.member_id);
    }
  }
  const inFile = new Map<string, { line: number; member: number }>();
  const what = kind === 'credentials' ? 'credencial' : 'carta';
  for (const item of valid) {
    const input = item.input!;
    const key = numberKey(kind, input);
    const owner = stored.get(key);
    const earlier = inFile.get(key);
    if (owner !== undefined) {
      if (owner === input.member_id) {
        item.row.status = 'recorded';
      } else {
        item.row.status = 'error';
        item.row.errors.push({
          column: COLUMN_LABELS.number,
          message: `Já existe uma ${what} com o nº ${item.row.number}, de outro membro.`,
        });
      }
    } else if (earlier) {
      if (earlier.member === input.member_id) {
        item.row.status = 'recorded';
      } else {
        item.row.status = 'error';
        item.row.errors.push({
          column: COLUMN_LABELS.number,
          message: `O nº ${item.row.number} já está na linha ${earlier.line}, de outro membro.`,
        });
      }
    } else {
      inFile.set(key, { line: item.row.line, member: input.member_id });
    }
    if (item.row.status !== 'new') delete item.input;
  }
}
