// A message's audience as rows of message_deliveries: the members the list's filters find (and a
// cell's), the visitors who may be contacted, each with the state the queue starts them in —
// unsubscribed, consent revoked, no address, or queued (e-mail) / pending (WhatsApp). One query
// serves the preview (counted, the first rows) and the queueing (INSERT … SELECT, no round-trip
// per person).
import {
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Audience, MessageChannel } from '../../../domain/messages.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { type Scope, inScope } from '../../http/scope.js';
import { applyMemberFilters, scopedFilter } from '../members/index.js';

/** The columns a delivery is inserted with, in this order. */
export const DELIVERY_COLUMNS = [
  'message_id',
  'member_id',
  'visitor_id',
  'congregation_id',
  'name',
  'address',
  'status',
  'available_at',
  'token',
] as const;

type RowsQuery = SelectQueryBuilder<
  Database,
  never,
  Record<(typeof DELIVERY_COLUMNS)[number], unknown>
>;

interface Target {
  messageId: number;
  channel: MessageChannel;
  /** When the queued rows become due. */
  at: string;
}

/** The instant queued rows become due, typed for the insert (PostgreSQL infers no type). */
const availableAt = (dialect: DialectHelpers, at: string) =>
  dialect.name === 'postgres' ? sql<string>`cast(${at} as timestamptz)` : sql<string>`${at}`;

/** The state a person starts in: the first reason not to write, or the channel's waiting state. */
function startState(
  optedOut: Expression<SqlBool>,
  noConsent: Expression<SqlBool>,
  address: Expression<unknown>,
  channel: MessageChannel,
) {
  const waiting = channel === 'email' ? 'queued' : 'pending';
  return sql<string>`case
    when ${optedOut} then 'unsubscribed'
    when ${noConsent} then 'no_consent'
    when ${address} is null or ${address} = '' then 'no_address'
    else ${sql.lit(waiting)} end`;
}

/** A person's columns of a delivery, from the members or the visitors table. */
interface PersonColumns {
  table: 'members' | 'visitors';
  address: RawBuilder<unknown>;
  optedOut: Expression<SqlBool>;
  noConsent: Expression<SqlBool>;
}

/** The select list of a delivery row (DELIVERY_COLUMNS), the same for members and visitors. */
function deliverySelect(dialect: DialectHelpers, target: Target, person: PersonColumns) {
  const { table } = person;
  const id = sql.ref(`${table}.id`);
  const none = sql<number | null>`cast(null as integer)`;
  return [
    sql<number>`${sql.lit(target.messageId)}`.as('message_id'),
    (table === 'members' ? id : none).as('member_id'),
    (table === 'visitors' ? id : none).as('visitor_id'),
    sql.ref(`${table}.congregation_id`).as('congregation_id'),
    sql.ref(`${table}.name`).as('name'),
    person.address.as('address'),
    startState(person.optedOut, person.noConsent, person.address, target.channel).as('status'),
    availableAt(dialect, target.at).as('available_at'),
    dialect.randomToken().as('token'),
  ];
}

/** The members of the audience (never an anonymized or deceased one). */
export function memberRows(
  db: Executor,
  dialect: DialectHelpers,
  audience: Audience,
  view: Scope,
  target: Target,
  narrow?: (
    query: SelectQueryBuilder<Database, 'members', object>,
  ) => SelectQueryBuilder<Database, 'members', object>,
) {
  const filter = scopedFilter(
    {
      congregation_id: audience.congregation_id ?? undefined,
      department_id: audience.department_id ?? undefined,
      status: audience.status.length > 0 ? audience.status : undefined,
      birth_month: audience.birth_month ?? undefined,
    },
    view,
  );
  let query = applyMemberFilters(
    db.selectFrom('members') as SelectQueryBuilder<Database, 'members', object>,
    filter,
    dialect,
  )
    .where('members.anonymized_at', 'is', null)
    .where('members.status', '!=', 'deceased');
  if (audience.cell_id !== null) {
    const cellId = audience.cell_id;
    query = query.where('members.id', 'in', (eb) =>
      eb
        .selectFrom('cell_members')
        .select('cell_members.member_id')
        .where('cell_members.cell_id', '=', cellId),
    );
  }
  if (narrow) query = narrow(query);
  const address = sql.ref(target.channel === 'email' ? 'members.email' : 'members.phone_mobile');
  const optedOut = sql<SqlBool>`exists (select 1 from message_opt_outs o where o.member_id = members.id)`;
  // The member's latest consent record is a revocation (LGPD: the church stops writing).
  const noConsent = sql<SqlBool>`coalesce((select c.action from member_consents c where c.member_id = members.id order by c.at desc, c.id desc limit 1), '') = 'revoke'`;
  return query.select(
    deliverySelect(dialect, target, { table: 'members', address, optedOut, noConsent }),
  ) as unknown as RowsQuery;
}

/** The visitors of the audience: not anonymized, not yet members, inside the view. */
export function visitorRows(
  db: Executor,
  dialect: DialectHelpers,
  audience: Audience,
  view: Scope,
  target: Target,
) {
  let query = inScope(
    db
      .selectFrom('visitors')
      .where('visitors.anonymized_at', 'is', null)
      .where('visitors.member_id', 'is', null),
    'visitors.congregation_id',
    view,
  );
  if (audience.congregation_id !== null) {
    query = query.where('visitors.congregation_id', '=', audience.congregation_id);
  }
  // Visitors leave only a phone: an e-mail finds no address for them.
  const address =
    target.channel === 'email' ? sql<string | null>`cast(null as text)` : sql.ref('visitors.phone');
  const optedOut = sql<SqlBool>`exists (select 1 from message_opt_outs o where o.visitor_id = visitors.id)`;
  const noConsent = sql<SqlBool>`visitors.contact_consent = ${dialect.name === 'postgres' ? sql`false` : sql`0`}`;
  return query.select(
    deliverySelect(dialect, target, { table: 'visitors', address, optedOut, noConsent }),
  ) as unknown as RowsQuery;
}

/** The audience's queries (members, visitors, or both). */
export function audienceQueries(
  db: Executor,
  dialect: DialectHelpers,
  audience: Audience,
  view: Scope,
  target: Target,
): RowsQuery[] {
  return [
    ...(audience.members ? [memberRows(db, dialect, audience, view, target)] : []),
    ...(audience.visitors ? [visitorRows(db, dialect, audience, view, target)] : []),
  ];
}

/** Inserts the rows of `queries` as the message's deliveries: one statement each. */
export async function queueRows(db: Executor, queries: RowsQuery[]): Promise<void> {
  for (const query of queries) {
    await db
      .insertInto('message_deliveries')
      .columns([...DELIVERY_COLUMNS])
      .expression(query as never)
      .execute();
  }
}

/** How many people of the audience are in each starting state. */
export async function audienceCounts(
  db: Kysely<Database>,
  queries: RowsQuery[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const query of queries) {
    const rows = await db
      .selectFrom(query.as('audience') as never)
      .select([sql<string>`status`.as('status'), sql<number>`count(*)`.as('count')])
      .groupBy(sql`status`)
      .execute();
    for (const row of rows as Array<{ status: string; count: number }>) {
      counts[row.status] = (counts[row.status] ?? 0) + Number(row.count);
    }
  }
  return counts;
}
