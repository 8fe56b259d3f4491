// The annual statement of a donor's gifts (issue 25): the year's incomes of the donor in the
// view (the donor is church-wide, the incomes follow the reader's congregations), by month and
// in total; one donor as JSON or PDF, or every donor of the year in one PDF drawn as it is sent.
import { sql } from 'kysely';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../domain/finance/labels.js';
import { type Scope, inScope } from '../../http/scope.js';
import { notFound } from '../../plugins/errors.js';
import type { DonorStatement } from '../../pdf/donorStatement.js';
import { findRecord } from './references.js';
import type { Db } from './types.js';

/** Donors read per step of the whole church's statements. */
const CHUNK = 200;

const yearRange = (year: number) => [`${year}-01-01`, `${year}-12-31`] as const;

type DonorRow = { id: number; name: string; document: string | null; person_type: string };

export function donorStatementService(db: Db) {
  /** The year's incomes of `donorIds` in `view`, oldest first. */
  async function incomesOf(donorIds: number[], year: number, view: Scope) {
    if (donorIds.length === 0) return [];
    const [from, to] = yearRange(year);
    return inScope(
      db
        .selectFrom('incomes')
        .innerJoin('finance_categories', 'finance_categories.id', 'incomes.category_id')
        .leftJoin('congregations', 'congregations.id', 'incomes.congregation_id')
        .select([
          'incomes.id',
          'incomes.donor_id',
          'incomes.date',
          'incomes.amount_cents',
          'incomes.payment_method',
          'finance_categories.name as category_name',
          'congregations.name as congregation_name',
        ])
        .where('incomes.donor_id', 'in', donorIds)
        .where('incomes.date', '>=', from)
        .where('incomes.date', '<=', to),
      'incomes.congregation_id',
      view,
    )
      .orderBy('incomes.date')
      .orderBy('incomes.id')
      .execute();
  }

  function statementOf(
    donor: DonorRow,
    year: number,
    rows: Awaited<ReturnType<typeof incomesOf>>,
  ): DonorStatement {
    const months = Array.from({ length: 12 }, (_, index) => ({ month: index + 1, total_cents: 0 }));
    const incomes = rows.map((row) => {
      const amount = Number(row.amount_cents);
      months[Number(String(row.date).slice(5, 7)) - 1].total_cents += amount;
      return {
        id: row.id,
        date: String(row.date).slice(0, 10),
        amount_cents: amount,
        category_name: row.category_name,
        method_label:
          PAYMENT_METHOD_LABELS[row.payment_method as PaymentMethod] ?? row.payment_method,
        congregation_name: row.congregation_name ?? null,
      };
    });
    return {
      year,
      donor: {
        id: donor.id,
        name: donor.name,
        document: donor.document,
        person_type: donor.person_type,
      },
      total_cents: months.reduce((sum, month) => sum + month.total_cents, 0),
      months,
      incomes,
    };
  }

  /** The donors with incomes in the year and view, by name, `CHUNK` at a time. */
  async function* donorsOf(year: number, view: Scope) {
    const [from, to] = yearRange(year);
    let after: { sort_name: string; id: number } | null = null;
    for (;;) {
      let query = db
        .selectFrom('donors')
        .select(['id', 'name', 'document', 'person_type', 'sort_name'])
        .where((eb) =>
          eb.exists(
            inScope(
              eb
                .selectFrom('incomes')
                .select(sql.lit(1).as('one'))
                .whereRef('incomes.donor_id', '=', 'donors.id')
                .where('incomes.date', '>=', from)
                .where('incomes.date', '<=', to),
              'incomes.congregation_id',
              view,
            ),
          ),
        );
      if (after) {
        const { sort_name, id } = after;
        query = query.where((eb) =>
          eb.or([
            eb('sort_name', '>', sort_name),
            eb.and([eb('sort_name', '=', sort_name), eb('id', '>', id)]),
          ]),
        );
      }
      const rows = await query.orderBy('sort_name').orderBy('id').limit(CHUNK).execute();
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < CHUNK) return;
      after = rows[rows.length - 1];
    }
  }

  return {
    /** Donor `id`'s statement of `year` (404 when there is no donor). */
    async one(id: number, year: number, view: Scope): Promise<DonorStatement> {
      const donor = await findRecord(db, 'donors', id, 'Contribuinte não encontrado.');
      return statementOf(donor, year, await incomesOf([id], year, view));
    },

    /** Whether any donor gave in the year and view (a 404 otherwise, before streaming). */
    async ensureAny(year: number, view: Scope) {
      for await (const _rows of donorsOf(year, view)) return;
      throw notFound(`Nenhuma contribuição com contribuinte em ${year}.`);
    },

    /** Every donor's statement of the year in the view, by name. */
    async *all(year: number, view: Scope): AsyncGenerator<DonorStatement> {
      for await (const donors of donorsOf(year, view)) {
        const rows = await incomesOf(
          donors.map((donor) => donor.id),
          year,
          view,
        );
        const byDonor = new Map<number, typeof rows>();
        for (const row of rows) {
          const list = byDonor.get(row.donor_id as number) ?? [];
          list.push(row);
          byDonor.set(row.donor_id as number, list);
        }
        for (const donor of donors) yield statementOf(donor, year, byDonor.get(donor.id) ?? []);
      }
    },
  };
}
