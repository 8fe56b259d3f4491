// Membros sem cartões: active members with no valid card — none at all, or one past its
// validity. Read in name order from the (status, sort_name, id, credential_expires_on) index,
// so neither the page nor the capped count probes the credentials table.
import { formatDate, formatPhone } from '../../../domain/formats.js';
import { inScope } from '../../http/scope.js';
import { badRequest } from '../../plugins/errors.js';
import {
  type ReportContext,
  type ReportDefinition,
  assertKnownFilters,
  integerFilter,
  membersInIndexOrder,
} from './report.js';

export const WITHOUT_KINDS = ['all', 'none', 'expired'] as const;
export type WithoutKind = (typeof WITHOUT_KINDS)[number];

export interface WithoutFilter {
  kind: WithoutKind;
  position_id?: number;
}

export interface WithoutRow {
  id: number;
  name: string;
  position: string | null;
  phone_mobile: string | null;
  admission_date: string | null;
  /** The expiry of the member's expired card; null: no active card. */
  credential_expires_on: string | null;
  congregation_id: number;
  congregation_name: string;
}

function baseQuery({ db, today, scope }: ReportContext, filter: WithoutFilter) {
  let query = inScope(
    db.selectFrom('members').where('members.status', '=', 'active'),
    'members.congregation_id',
    scope,
  );
  if (filter.kind === 'none') query = query.where('members.credential_expires_on', 'is', null);
  else if (filter.kind === 'expired')
    query = query.where('members.credential_expires_on', '<', today);
  else
    query = query.where((eb) =>
      eb.or([
        eb('members.credential_expires_on', 'is', null),
        eb('members.credential_expires_on', '<', today),
      ]),
    );
  if (filter.position_id) query = query.where('members.position_id', '=', filter.position_id);
  return query;
}

/** The list's order, from the (status, sort_name, id, credential_expires_on) index. */
const ORDER = ['members.sort_name', 'members.id'] as const;

const keysQuery = (context: ReportContext, filter: WithoutFilter) =>
  baseQuery(context, filter).select(['members.id', 'members.sort_name']);

/** The rows of these members, in this order. */
async function rowsOf(context: ReportContext, ids: number[]): Promise<WithoutRow[]> {
  if (ids.length === 0) return [];
  const found = await context.db
    .selectFrom('members')
    .leftJoin('positions', 'positions.id', 'members.position_id')
    .innerJoin('congregations', 'congregations.id', 'members.congregation_id')
    .select([
      'members.id',
      'members.name',
      'positions.name as position',
      'members.phone_mobile',
      'members.admission_date',
      'members.credential_expires_on',
      'members.congregation_id',
      'congregations.name as congregation_name',
    ])
    .where('members.id', 'in', ids)
    .execute();
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

export const membersWithoutCredentialsReport: ReportDefinition<WithoutFilter, WithoutRow> = {
  key: 'members_without_credentials',
  // The list of a day: who has no valid card on it.
  filename: (_filter, today) => `membros-sem-credencial-em-${today}`,
  parseFilter(raw) {
    assertKnownFilters(raw, ['kind', 'position_id']);
    const kind = (raw.kind ?? 'all') as WithoutKind;
    if (!WITHOUT_KINDS.includes(kind)) throw badRequest('Filtro kind inválido.');
    const position_id = integerFilter(raw, 'position_id', {
      min: 1,
      max: Number.MAX_SAFE_INTEGER,
    });
    return { kind, position_id };
  },
  ...membersInIndexOrder({
    keys: keysQuery,
    order: ORDER,
    sortKey: (key) => [key.sort_name, key.id],
    rows: rowsOf,
  }),
  columns: [
    { header: 'Nome', value: (row) => row.name, pdfWidth: 3.4 },
    { header: 'Congregação', value: (row) => row.congregation_name, pdfWidth: 2.2 },
    { header: 'Cargo', value: (row) => row.position ?? '', pdfWidth: 1.8 },
    { header: 'Celular', value: (row) => formatPhone(row.phone_mobile), pdfWidth: 1.7 },
    { header: 'Admissão', value: (row) => formatDate(row.admission_date), pdfWidth: 1.3 },
    {
      header: 'Credencial',
      value: (row) =>
        row.credential_expires_on
          ? `Vencida em ${formatDate(row.credential_expires_on)}`
          : 'Nenhuma válida',
      pdfWidth: 2.6,
    },
  ],
  title: () => 'Membros sem credencial válida',
  subtitle: (filter, today) =>
    ({
      all: `Membros ativos sem credencial ou com a credencial vencida em ${formatDate(today)}.`,
      none: 'Membros ativos que não têm credencial ativa.',
      expired: `Membros ativos com a credencial vencida em ${formatDate(today)}.`,
    })[filter.kind],
  empty: 'Todos os membros ativos têm credencial válida.',
};
