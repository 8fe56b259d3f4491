// The CSV of a filtered member list, in the list's order and in the formats a secretary reads
// (SPEC §5) with each member's congregation, read in keyset batches and streamed (server/http/csv.ts).
import type { Kysely } from 'kysely';
import { formatCpf, formatDate, formatPhone } from '../../../domain/formats.js';
import { SEX_LABELS, maritalStatusLabel, memberStatusLabel } from '../../../domain/members.js';
import { cappedCount } from '../../db/count.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { type Segment, keysetBatches, keysetSegment } from '../../db/keyset.js';
import type { Database } from '../../db/schema.js';
import type { CsvColumn } from '../../http/csv.js';
import { badRequest } from '../../plugins/errors.js';
import { applyMemberFilters } from './filters.js';
import type { MEMBER_SORTS } from './list.js';

export const EXPORT_LIMIT = 250_000;

const label = <K extends string>(labels: Record<K, string>, key: string | null) =>
  key ? (labels[key as K] ?? key) : '';

function exportQuery(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  filter: Record<string, unknown>,
  column: (typeof MEMBER_SORTS)[string],
) {
  return applyMemberFilters(db.selectFrom('members'), filter, dialect).select([
    'members.id',
    `members.${column} as sort_key`,
    'members.congregation_id',
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
  ]);
}

type ExportRow = Awaited<ReturnType<ReturnType<typeof exportQuery>['execute']>>[number] & {
  departments: string;
};

/** The columns and the row batches of the export, the filters already checked. */
export async function memberExport(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  filter: Record<string, unknown>,
  column: (typeof MEMBER_SORTS)[string],
  order: 'asc' | 'desc',
  limit = EXPORT_LIMIT,
): Promise<{ columns: CsvColumn<ExportRow>[]; batches: AsyncIterable<ExportRow[]> }> {
  const matching = applyMemberFilters(db.selectFrom('members'), filter, dialect).select(
    'members.id',
  );
  if ((await cappedCount(db, matching, limit)) > limit) {
    throw badRequest(
      `A lista tem mais de ${limit.toLocaleString('pt-BR')} membros: filtre por situação, ` +
        `cargo ou departamento para exportar (no máximo ${limit.toLocaleString('pt-BR')} por arquivo).`,
    );
  }
  const base = exportQuery(db, dialect, filter, column);
  const positions = new Map(
    (await db.selectFrom('positions').select(['id', 'name']).execute()).map((p) => [p.id, p.name]),
  );
  const congregations = new Map(
    (await db.selectFrom('congregations').select(['id', 'name']).execute()).map((c) => [
      c.id,
      c.name,
    ]),
  );
  const departments = new Map(
    (await db.selectFrom('departments').select(['id', 'name']).execute()).map((d) => [
      d.id,
      d.name,
    ]),
  );

  // The list's order, NULL dates where the database puts them: the dated members by (date, id)
  // and the undated ones by id are two keyset runs.
  let segments: Segment<Awaited<ReturnType<typeof base.execute>>[number]>[];
  if (column === 'id') {
    segments = [keysetSegment(base, ['members.id'], order, (row) => [row.id])];
  } else {
    const dated = keysetSegment(
      base.where(`members.${column}`, 'is not', null),
      [`members.${column}`, 'members.id'],
      order,
      (row) => [row.sort_key, row.id],
    );
    const undated = keysetSegment(
      base.where(`members.${column}`, 'is', null),
      ['members.id'],
      order,
      (row) => [row.id],
    );
    segments = dialect.nullsFirst(order) ? [undated, dated] : [dated, undated];
  }

  async function* withDepartments(): AsyncGenerator<ExportRow[]> {
    for await (const rows of keysetBatches(segments, limit)) {
      const memberships = await db
        .selectFrom('member_departments')
        .select(['member_id', 'department_id'])
        .where(
          'member_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('member_id')
        .orderBy('department_id')
        .execute();
      const namesOf = new Map<number, string[]>();
      for (const m of memberships) {
        const list = namesOf.get(m.member_id) ?? [];
        list.push(departments.get(m.department_id) ?? '');
        namesOf.set(m.member_id, list);
      }
      yield rows.map((row) => ({ ...row, departments: (namesOf.get(row.id) ?? []).join(', ') }));
    }
  }

  const columns: CsvColumn<ExportRow>[] = [
    { header: 'Nome', value: (row) => row.name },
    { header: 'CPF', value: (row) => formatCpf(row.cpf) },
    { header: 'E-mail', value: (row) => row.email },
    { header: 'Celular', value: (row) => formatPhone(row.phone_mobile) },
    { header: 'Telefone', value: (row) => formatPhone(row.phone_home) },
    { header: 'Sexo', value: (row) => label(SEX_LABELS, row.sex) },
    { header: 'Nascimento', value: (row) => formatDate(row.birth_date) },
    { header: 'Estado civil', value: (row) => maritalStatusLabel(row.marital_status, row.sex) },
    { header: 'Situação', value: (row) => memberStatusLabel(row.status, row.sex) },
    {
      header: 'Cargo',
      value: (row) => (row.position_id ? (positions.get(row.position_id) ?? '') : ''),
    },
    { header: 'Departamentos', value: (row) => row.departments },
    { header: 'Admissão', value: (row) => formatDate(row.admission_date) },
    { header: 'Cidade', value: (row) => row.city },
    { header: 'UF', value: (row) => row.state },
    { header: 'Congregação', value: (row) => congregations.get(row.congregation_id) ?? '' },
  ];
  return { columns, batches: withDepartments() };
}
