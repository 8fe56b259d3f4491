// Dizimistas (issue 25): each donor linked to a member who gave a tithe in a period — a tithe is
// an income of a category flagged `is_tithe` (migration 0031) — with the months he gave in, the
// total, the last tithe, the months since it up to the period's end, and one cell per month of
// the period (at most 12: the fidelity grid). Incomes count in the reader's congregations (the
// view) only, so a congregation's treasurer sees what was given there.
import { formatDate, formatMoney } from '../../../domain/formats.js';
import {
  MAX_REPORT_MONTHS,
  lastDayOf,
  monthsBetween,
  monthsWithoutText,
  shortMonth,
} from '../../../domain/reports.js';
import { addMonths } from '../../../domain/dates.js';
import { sql } from 'kysely';
import { recordIdOf } from '../../../domain/fields.js';
import { csvAmount } from '../../http/csv.js';
import { totalAfterPage } from '../../http/listFilters.js';
import { inScope } from '../../http/scope.js';
import { badRequest } from '../../plugins/errors.js';
import {
  type ReportContext,
  type ReportDefinition,
  assertKnownFilters,
  monthFilter as month,
} from './report.js';

export interface TithersFilter {
  /** First and last month, YYYY-MM. */
  from: string;
  to: string;
  months: string[];
  /** One donor (his page's "Dízimos"), or every dizimista. */
  donor_id?: number;
}

export interface TitherRow {
  id: number;
  donor_id: number;
  name: string;
  congregation_name: string | null;
  /** The tithes of each month of the period, in centavos, in order (the fidelity grid). */
  months: number[];
  months_with_tithe: number;
  total_cents: number;
  last_date: string;
  /** Whole months from the last tithe's month to the period's last month (0: tithed in it). */
  months_without: number;
}

const monthIndex = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7));

/** The ids of the tithe categories; none flagged: no tithes at all. */
async function titheCategories({ db }: ReportContext): Promise<number[]> {
  const rows = await db
    .selectFrom('finance_categories')
    .select('id')
    .where('is_tithe', '=', true)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The dizimistas of the period: the donors linked to a member with a tithe in it. Each donor is
 * one probe of the (donor, category, date) index (migration 0036), so a page in name order stops
 * after its rows and the capped count after its step, instead of grouping every tithe of the
 * period (a big church's year: 60,000 of them).
 */
function donorKeys(context: ReportContext, filter: TithersFilter, categories: number[]) {
  let keys = context.db
    .selectFrom('donors')
    .select(['donors.id', 'donors.sort_name'])
    .where('donors.member_id', 'is not', null)
    .where((eb) =>
      eb.exists(
        inScope(
          eb
            .selectFrom('incomes')
            .select(sql<number>`1`.as('tithed'))
            .whereRef('incomes.donor_id', '=', 'donors.id')
            .where('incomes.category_id', 'in', categories.length > 0 ? categories : [0])
            .where('incomes.date', '>=', `${filter.from}-01`)
            .where('incomes.date', '<=', lastDayOf(filter.to)),
          'incomes.congregation_id',
          context.scope,
        ),
      ),
    );
  if (filter.donor_id !== undefined) keys = keys.where('donors.id', '=', filter.donor_id);
  return keys;
}

/** The figures of `ids` (in that order): their tithes of the period, read one by one. */
async function rowsOf(
  context: ReportContext,
  filter: TithersFilter,
  categories: number[],
  ids: number[],
): Promise<TitherRow[]> {
  if (ids.length === 0) return [];
  const [donors, tithes] = await Promise.all([
    context.db
      .selectFrom('donors')
      .leftJoin('members', 'members.id', 'donors.member_id')
      .leftJoin('congregations', 'congregations.id', 'members.congregation_id')
      .select(['donors.id', 'donors.name', 'congregations.name as congregation_name'])
      .where('donors.id', 'in', ids)
      .execute(),
    inScope(
      context.db
        .selectFrom('incomes')
        .select(['incomes.donor_id', 'incomes.date', 'incomes.amount_cents'])
        .where('incomes.category_id', 'in', categories)
        .where('incomes.donor_id', 'in', ids)
        .where('incomes.date', '>=', `${filter.from}-01`)
        .where('incomes.date', '<=', lastDayOf(filter.to)),
      'incomes.congregation_id',
      context.scope,
    ).execute(),
  ]);
  const byId = new Map<number, TitherRow>();
  for (const donor of donors) {
    byId.set(donor.id, {
      id: donor.id,
      donor_id: donor.id,
      name: donor.name,
      congregation_name: donor.congregation_name,
      months: filter.months.map(() => 0),
      months_with_tithe: 0,
      total_cents: 0,
      last_date: '',
      months_without: 0,
    });
  }
  const first = monthIndex(filter.from);
  for (const tithe of tithes) {
    const row = byId.get(Number(tithe.donor_id));
    if (!row) continue;
    const date = String(tithe.date).slice(0, 10);
    const amount = Number(tithe.amount_cents);
    row.months[monthIndex(date) - first] += amount;
    row.total_cents += amount;
    if (date > row.last_date) row.last_date = date;
  }
  for (const row of byId.values()) {
    row.months_with_tithe = row.months.filter((amount) => amount !== 0).length;
    row.months_without = monthIndex(filter.to) - monthIndex(row.last_date);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const BATCH = 1_000;

/**
 * A month's cell in the PDF: a mark for a month with a tithe (twelve amounts do not fit a page
 * beside the figures; the CSV carries them), a dash for none.
 */
const mark = (cents: number) => (cents === 0 ? '—' : '•');

export const tithersReport: ReportDefinition<TithersFilter, TitherRow> = {
  key: 'tithers',
  filename: (filter) => `dizimistas-${filter.from}-a-${filter.to}`,
  parseFilter(raw, today) {
    assertKnownFilters(raw, ['from', 'to', 'donor_id']);
    const to = month(raw, 'to', today.slice(0, 7));
    const from = month(raw, 'from', addMonths(`${to}-01`, 1 - MAX_REPORT_MONTHS).slice(0, 7));
    if (to < from) throw badRequest('O fim do período não pode ser anterior ao início.');
    const months = monthsBetween(from, to);
    if (months.length > MAX_REPORT_MONTHS)
      throw badRequest(`Escolha um período de no máximo ${MAX_REPORT_MONTHS} meses.`);
    let donor_id: number | undefined;
    if (raw.donor_id !== undefined && raw.donor_id !== null && raw.donor_id !== '') {
      const id = recordIdOf(raw.donor_id);
      if (id === null)
        throw badRequest('Filtro donor_id inválido: use o número de um contribuinte.');
      donor_id = id;
    }
    return { from, to, months, donor_id };
  },
  async page(context, filter, range) {
    const categories = await titheCategories(context);
    const keys = donorKeys(context, filter, categories);
    // The page walks the donors in name order and stops; the total stops at the page's step
    // ("mais de 100", domain/listTotals.ts) as the other big lists do: probing every donor of a
    // campo for the exact count (9,185 of them) was nearly all of a page's time. A short page
    // (few dizimistas in the view: a small congregation) already walked them all: no count.
    const page = await keys
      .orderBy('donors.sort_name')
      .orderBy('donors.id')
      .limit(range.limit)
      .offset(range.offset)
      .execute();
    const ids = page.map((key) => key.id);
    const [rows, total] = await Promise.all([
      rowsOf(context, filter, categories, ids),
      totalAfterPage(context.db, keys, range, ids.length),
    ]);
    return { rows, total };
  },
  async *batches(context, filter, limit) {
    const categories = await titheCategories(context);
    for (let offset = 0; offset < limit; offset += BATCH) {
      const page = await donorKeys(context, filter, categories)
        .orderBy('donors.sort_name')
        .orderBy('donors.id')
        .limit(Math.min(BATCH, limit - offset))
        .offset(offset)
        .execute();
      if (page.length === 0) return;
      yield await rowsOf(
        context,
        filter,
        categories,
        page.map((key) => key.id),
      );
      if (page.length < BATCH) return;
    }
  },
  columns: (filter) => [
    { header: 'Contribuinte', value: (row) => row.name, pdfWidth: 3.6 },
    { header: 'Congregação', value: (row) => row.congregation_name ?? '', pdfWidth: 2.6 },
    ...filter.months.map((month, index) => ({
      // "dez 2025": the PDF breaks it in two lines, so twelve months fit a landscape page.
      header: shortMonth(month).replace('/', ' '),
      value: (row: TitherRow) => mark(row.months[index]),
      pdfWidth: 1,
      align: 'center' as const,
      csv: {
        header: `${shortMonth(month)} (R$)`,
        value: (row: TitherRow) => csvAmount(row.months[index]),
        numeric: true as const,
      },
    })),
    {
      header: 'Meses com dízimo',
      value: (row) => String(row.months_with_tithe),
      pdfWidth: 1,
      align: 'right',
    },
    {
      header: 'Total',
      value: (row) => formatMoney(row.total_cents),
      pdfWidth: 2.2,
      align: 'right',
      csv: { header: 'Total (R$)', value: (row) => csvAmount(row.total_cents), numeric: true },
    },
    {
      header: 'Último dízimo',
      value: (row) => formatDate(row.last_date),
      pdfWidth: 2,
    },
    {
      header: 'Situação',
      value: (row) => monthsWithoutText(row.months_without),
      pdfWidth: 1.7,
    },
  ],
  title: () => 'Dizimistas',
  subtitle: (filter) =>
    `Dízimos de ${formatDate(`${filter.from}-01`)} a ${formatDate(lastDayOf(filter.to))}, por contribuinte ligado a um membro. • mês com dízimo (os valores de cada mês estão na planilha).`,
  empty: 'Nenhum dízimo no período.',
  layout: 'landscape',
};
