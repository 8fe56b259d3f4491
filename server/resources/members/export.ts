// The CSV of a filtered member list, in the formats a secretary reads (SPEC §5), for Excel
// in Portuguese: semicolon separated, UTF-8 with BOM.
import type { Kysely } from 'kysely';
import { formatCpf, formatDate, formatPhone } from '../../../src/domain/formats.js';
import {
  MARITAL_STATUS_LABELS,
  MEMBER_STATUS_LABELS,
  SEX_LABELS,
} from '../../../src/domain/members.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { applyMemberFilters } from './filters.js';

const BATCH = 2000;
export const EXPORT_LIMIT = 250_000;

const HEADERS = [
  'Nome',
  'CPF',
  'E-mail',
  'Celular',
  'Telefone',
  'Sexo',
  'Nascimento',
  'Estado civil',
  'Situação',
  'Cargo',
  'Departamentos',
  'Admissão',
  'Cidade',
  'UF',
];

function cell(value: string | null | undefined): string {
  const text = value ?? '';
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const label = <K extends string>(labels: Record<K, string>, key: string | null) =>
  key ? (labels[key as K] ?? key) : '';

export async function memberCsv(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  filter: Record<string, unknown>,
  sortColumn: string,
  order: 'asc' | 'desc',
): Promise<string> {
  const positions = new Map(
    (await db.selectFrom('positions').select(['id', 'name']).execute()).map((p) => [p.id, p.name]),
  );
  const departments = new Map(
    (await db.selectFrom('departments').select(['id', 'name']).execute()).map((d) => [
      d.id,
      d.name,
    ]),
  );
  const lines = [HEADERS.join(';')];
  for (let offset = 0; offset < EXPORT_LIMIT; offset += BATCH) {
    const rows = await applyMemberFilters(db.selectFrom('members'), filter, dialect)
      .select([
        'members.id',
        'members.name',
        'members.cpf',
        'members.email',
        'members.phone_mobile',
        'members.phone_home',
        'members.sex',
        'members.birth_date',
        'members.marital_status',
        'members.status',
        'members.position_id',
        'members.admission_date',
        'members.city',
        'members.state',
      ])
      .orderBy(`members.${sortColumn}` as 'members.id', order)
      .orderBy('members.id', order)
      .offset(offset)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const memberships = await db
      .selectFrom('member_departments')
      .select(['member_id', 'department_id'])
      .where(
        'member_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    const namesOf = new Map<number, string[]>();
    for (const m of memberships) {
      const list = namesOf.get(m.member_id) ?? [];
      list.push(departments.get(m.department_id) ?? '');
      namesOf.set(m.member_id, list);
    }
    for (const row of rows) {
      const names = (namesOf.get(row.id) ?? []).join(', ');
      lines.push(
        [
          row.name,
          formatCpf(row.cpf),
          row.email,
          formatPhone(row.phone_mobile),
          formatPhone(row.phone_home),
          label(SEX_LABELS, row.sex),
          formatDate(row.birth_date),
          label(MARITAL_STATUS_LABELS, row.marital_status),
          label(MEMBER_STATUS_LABELS, row.status),
          row.position_id ? (positions.get(row.position_id) ?? '') : '',
          names,
          formatDate(row.admission_date),
          row.city,
          row.state,
        ]
          .map(cell)
          .join(';'),
      );
    }
    if (rows.length < BATCH) break;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
