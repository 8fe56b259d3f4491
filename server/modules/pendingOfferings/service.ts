// Ofertas a receber (issues 26 and 25): the offering taken at any gathering — a cell's report, an
// EBD chamada — waits for the treasurer as a pending line until it is received: one income (no
// donor: nobody gave by name) written through the finance module's door and linked to the
// gathering in the same transaction. A received offering's amount no longer changes (the
// report's or chamada's correction is refused, churchLife/gatherings.ts writeGathering);
// an income removed makes its offering pending again (the link is set null).
import type { Kysely } from 'kysely';
import { GATHERING_KINDS, GATHERING_KIND_LABELS } from '../../../domain/churchLife.js';
import {
  type PendingOfferingReceiveInput,
  pendingOfferingReceiveSchema,
} from '../../../domain/finance/schemas.js';
import { formatDate } from '../../../domain/formats.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { inTransaction } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import { type FilterRule, applyFilters, pageOf, totalOf } from '../../http/listFilters.js';
import { type Scope, ensureWritable, inScope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Actor, audit } from '../../audit/trail.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { congregationFilter, incomeService, withCongregationNames } from '../finance/index.js';

export const PENDING_NOT_FOUND = 'Oferta a receber não encontrada.';
export const ALREADY_RECEIVED = 'Esta oferta já foi recebida pela tesouraria.';

const SORTS = { date: 'date', amount_cents: 'offering_cents', id: 'id' } as const;
export const PENDING_SORTS = Object.keys(SORTS);

/** The gatherings with an offering the treasury has not received, with what they were. */
function pendingLines(db: Kysely<Database>, view: Scope) {
  const lines = inScope(
    db
      .selectFrom('gatherings')
      .leftJoin('cells', 'cells.id', 'gatherings.cell_id')
      .leftJoin('ebd_classes', 'ebd_classes.id', 'gatherings.ebd_class_id')
      .leftJoin('users', 'users.id', 'gatherings.created_by')
      .where('gatherings.offering_cents', '>', 0)
      .where('gatherings.offering_income_id', 'is', null),
    'gatherings.congregation_id',
    view,
  ).select((eb) => [
    'gatherings.id',
    'gatherings.kind',
    'gatherings.date',
    'gatherings.congregation_id',
    'gatherings.cell_id',
    'gatherings.ebd_class_id',
    eb.fn.coalesce('cells.name', 'ebd_classes.name', 'gatherings.name').as('name'),
    'gatherings.offering_cents',
    'users.name as recorded_by',
  ]);
  // A derived table: the list helper's filters and sorts read its columns unqualified.
  return db.selectFrom(lines.as('pending')).selectAll();
}

type PendingQuery = ReturnType<typeof pendingLines>;

const FILTERS: Record<string, FilterRule<PendingQuery>> = {
  id: 'ids',
  kind: GATHERING_KINDS,
  date_gte: 'from',
  date_lte: 'to',
  congregation_id: congregationFilter('congregation_id'),
};

type PendingRow = Awaited<ReturnType<PendingQuery['execute']>>[number];

function toApi(row: PendingRow) {
  const kind = row.kind as (typeof GATHERING_KINDS)[number];
  return {
    id: row.id,
    kind,
    kind_label: GATHERING_KIND_LABELS[kind] ?? row.kind,
    date: row.date,
    congregation_id: row.congregation_id,
    cell_id: row.cell_id,
    ebd_class_id: row.ebd_class_id,
    name: row.name,
    amount_cents: row.offering_cents ?? 0,
    recorded_by: row.recorded_by,
  };
}

/** "Oferta da célula Betel em 03/11/2026": the income's words. */
function descriptionOf(line: ReturnType<typeof toApi>) {
  const what =
    line.kind === 'cell'
      ? `da célula ${line.name}`
      : line.kind === 'ebd'
        ? `da EBD – ${line.name}`
        : `de ${line.name}`;
  return `Oferta ${what} em ${formatDate(line.date)}`.slice(0, 200);
}

/** The church's "Ofertas" income category (the default of a pending offering's income). */
async function offeringsCategory(db: Kysely<Database>) {
  const row = await db
    .selectFrom('finance_categories')
    .select('id')
    .where('kind', '=', 'income')
    .where('name', '=', 'Ofertas')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function pendingOfferingService(db: Kysely<Database>, dialect: DialectHelpers) {
  /**
   * The pending line `id` to receive: another congregation's is refused (403, as every record's
   * change), one already received is a 409, a gathering without an offering a 404.
   */
  async function lineToReceive(id: number, rights: Scope) {
    const row = await db
      .selectFrom('gatherings')
      .select(['congregation_id', 'offering_cents', 'offering_income_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || (row.offering_cents ?? 0) <= 0) throw notFound(PENDING_NOT_FOUND);
    ensureWritable(rights, row.congregation_id);
    if (row.offering_income_id !== null) throw conflict(ALREADY_RECEIVED);
    return toApi(await pendingLines(db, null).where('id', '=', id).executeTakeFirstOrThrow());
  }

  return {
    /** GET /api/pending_offerings: the view's pending lines, oldest first by default. */
    async list({ sort, range, filter }: ListParams, view: Scope) {
      const query = applyFilters(pendingLines(db, view), filter, FILTERS);
      const [rows, total] = await Promise.all([
        pageOf(query, SORTS[sort.field as keyof typeof SORTS], sort, range).execute(),
        totalOf(db, query.select('id')),
      ]);
      return { rows: await withCongregationNames(db, rows.map(toApi)), total };
    },

    /**
     * POST /api/pending_offerings/:id/receive: the income and the link, in one transaction; the
     * link is set only while there is none and the amount is the one read (else 409, nothing
     * written).
     */
    async receive(actor: Actor, id: number, body: unknown) {
      const line = await lineToReceive(id, actor.rights);
      const input: PendingOfferingReceiveInput = validated(
        pendingOfferingReceiveSchema,
        body ?? {},
      );
      const category_id = input.category_id ?? (await offeringsCategory(db));
      if (category_id === null) {
        throw invalid({
          category_id: 'Escolha a categoria (a igreja não tem a categoria Ofertas).',
        });
      }
      return inTransaction(db, async (trx) => {
        const income = await incomeService(trx, dialect).create(actor, {
          fund_id: null,
          congregation_id: line.congregation_id,
          description: descriptionOf(line),
          category_id,
          donor_id: null,
          amount_cents: line.amount_cents,
          date: input.date ?? line.date,
          bank_account_id: input.bank_account_id,
          payment_method: input.payment_method,
          notes: null,
        });
        const linked = await trx
          .updateTable('gatherings')
          .set({ offering_income_id: income.id, updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .where('offering_income_id', 'is', null)
          .where('offering_cents', '=', line.amount_cents)
          .executeTakeFirst();
        if (Number(linked.numUpdatedRows) !== 1) throw conflict(ALREADY_RECEIVED);
        await audit(trx, actor, {
          action: 'receive',
          resource: 'pending_offerings',
          record_id: id,
          before: line,
          after: { ...line, income_id: income.id },
        });
        return { ...line, income_id: income.id, income };
      });
    },
  };
}
