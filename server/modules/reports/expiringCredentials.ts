// Cartões a expirar: active cards of active members that expire within N days (from today,
// which still counts as valid) and, if asked, those already expired — soonest first.
import { formatCredentialNumber } from '../../../domain/credentials.js';
import { addDays } from '../../../domain/dates.js';
import { formatDate, formatPhone } from '../../../domain/formats.js';
import {
  DEFAULT_EXPIRING_DAYS,
  MAX_REPORT_DAYS,
  daysBetween,
  expiryText,
} from '../../../domain/reports.js';
import { inScope } from '../../http/scope.js';
import { badRequest } from '../../plugins/errors.js';
import {
  type ReportContext,
  type ReportDefinition,
  assertKnownFilters,
  integerFilter,
  membersInIndexOrder,
} from './report.js';

export const EXPIRING_SCOPES = ['all', 'expiring', 'expired'] as const;
export type ExpiringScope = (typeof EXPIRING_SCOPES)[number];

export interface ExpiringFilter {
  days: number;
  scope: ExpiringScope;
}

export interface ExpiringRow {
  /** The member's id: a member has at most one active card, so it names the row (bulk renew). */
  id: number;
  credential_id: number;
  member_name: string;
  number: number;
  issued_on: string;
  expires_on: string;
  /** Days from today to the expiry: 0 = expires today, negative = already expired. */
  days_left: number;
  phone_mobile: string | null;
  /** Issued on paper before Adam (the screen marks it). */
  issued_on_paper: boolean;
  congregation_id: number;
  congregation_name: string;
}

// members.credential_expires_on is the expiry of the member's active card (kept by every
// credential write), so the filter, the order and the count read one members index; the
// card's own columns are joined for the page's 25 rows only.
function baseQuery({ db, today, scope }: ReportContext, filter: ExpiringFilter) {
  let query = inScope(
    db.selectFrom('members').where('members.status', '=', 'active'),
    'members.congregation_id',
    scope,
  );
  if (filter.scope === 'expired') {
    query = query.where('members.credential_expires_on', '<', today);
  } else {
    query = query.where('members.credential_expires_on', '<=', addDays(today, filter.days));
    if (filter.scope === 'expiring')
      query = query.where('members.credential_expires_on', '>=', today);
  }
  return query;
}

/** The list's order, from the (status, credential_expires_on, id) index. */
const ORDER = ['members.credential_expires_on', 'members.id'] as const;

const keysQuery = (context: ReportContext, filter: ExpiringFilter) =>
  baseQuery(context, filter).select(['members.id', 'members.credential_expires_on']);

/** The rows of these members, in this order. */
async function rowsOf(context: ReportContext, ids: number[]): Promise<ExpiringRow[]> {
  if (ids.length === 0) return [];
  const found = await context.db
    .selectFrom('members')
    .innerJoin('credentials', 'credentials.member_id', 'members.id')
    .innerJoin('congregations', 'congregations.id', 'members.congregation_id')
    .select([
      'members.id',
      'credentials.id as credential_id',
      'members.name as member_name',
      'credentials.number',
      'credentials.issued_on',
      'credentials.expires_on',
      'credentials.issued_on_paper',
      'members.phone_mobile',
      'members.congregation_id',
      'congregations.name as congregation_name',
    ])
    .where('members.id', 'in', ids)
    .where('credentials.status', '=', 'active')
    .execute();
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids
    .map((id) => byId.get(id))
    .filter((row) => row !== undefined)
    .map((row) => ({
      ...row,
      issued_on_paper: Boolean(row.issued_on_paper),
      days_left: daysBetween(context.today, row.expires_on),
    }));
}

const SCOPE_TEXT: Record<ExpiringScope, string> = {
  all: 'a vencer e já vencidas',
  expiring: 'a vencer',
  expired: 'já vencidas',
};

export const expiringCredentialsReport: ReportDefinition<ExpiringFilter, ExpiringRow> = {
  key: 'expiring_credentials',
  filename: (filter, today) =>
    filter.scope === 'expired'
      ? `cartoes-vencidos-em-${today}`
      : `cartoes-a-expirar-ate-${addDays(today, filter.days)}`,
  parseFilter(raw) {
    assertKnownFilters(raw, ['days', 'scope']);
    const days =
      integerFilter(raw, 'days', { min: 0, max: MAX_REPORT_DAYS }) ?? DEFAULT_EXPIRING_DAYS;
    const scope = (raw.scope ?? 'all') as ExpiringScope;
    if (!EXPIRING_SCOPES.includes(scope)) throw badRequest('Filtro scope inválido.');
    return { days, scope };
  },
  ...membersInIndexOrder({
    keys: keysQuery,
    order: ORDER,
    sortKey: (key) => [key.credential_expires_on, key.id],
    rows: rowsOf,
  }),
  columns: [
    {
      header: 'Nº',
      value: (row) => formatCredentialNumber(row.number),
      pdfWidth: 1,
      align: 'right',
    },
    { header: 'Membro', value: (row) => row.member_name, pdfWidth: 3.4 },
    { header: 'Congregação', value: (row) => row.congregation_name, pdfWidth: 2.2 },
    { header: 'Emitida em', value: (row) => formatDate(row.issued_on), pdfWidth: 1.3 },
    { header: 'Validade', value: (row) => formatDate(row.expires_on), pdfWidth: 1.3 },
    { header: 'Situação', value: (row, today) => expiryText(row.expires_on, today), pdfWidth: 1.8 },
    { header: 'Celular', value: (row) => formatPhone(row.phone_mobile), pdfWidth: 1.7 },
    { header: 'Emitida antes do Adam', value: (row) => (row.issued_on_paper ? 'Sim' : 'Não') },
  ],
  title: () => 'Credenciais a expirar',
  subtitle: (filter, today) =>
    filter.scope === 'expired'
      ? `Credenciais de membros ativos já vencidas em ${formatDate(today)}.`
      : `Credenciais de membros ativos ${SCOPE_TEXT[filter.scope]}, com validade até ${formatDate(addDays(today, filter.days))} (${filter.days} dias).`,
  empty: 'Nenhuma credencial a expirar com estes filtros.',
};

/** The dashboard's figure: valid cards of active members of `scope` expiring within `days` days. */
export async function countExpiringCredentials(
  db: ReportContext['db'],
  today: string,
  days: number,
  scope: ReportContext['scope'] = null,
): Promise<number> {
  const context = { db, today, scope } as ReportContext;
  const { total } = await baseQuery(context, { days, scope: 'expiring' })
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}
