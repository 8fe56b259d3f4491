// Novos membros por mês: admissions (members.admission_date) in each month of a period, per
// congregation, with the totals of each month and of the period. One grouped count per month,
// each read from the (admission_date, id) index.
import { formatDate } from '../../../domain/formats.js';
import {
  MAX_REPORT_MONTHS,
  lastDayOf,
  monthsBetween,
  shortMonth,
} from '../../../domain/reports.js';
import { inScope } from '../../http/scope.js';
import { badRequest } from '../../plugins/errors.js';
import { type CongregationRow, congregationRows, wholeTable } from './congregationTable.js';
import { type ReportDefinition, assertKnownFilters, monthFilter as month } from './report.js';

export interface NewMembersFilter {
  /** First and last month, YYYY-MM. */
  from: string;
  to: string;
  months: string[];
}

export type NewMembersRow = CongregationRow & {
  /** Admissions in each month of the period, in order. */
  months: number[];
  total: number;
};

const count = (value: number) => value.toLocaleString('pt-BR');

export const newMembersByMonthReport: ReportDefinition<NewMembersFilter, NewMembersRow> = {
  key: 'new_members_by_month',
  filename: (filter) => `novos-membros-${filter.from}-a-${filter.to}`,
  parseFilter(raw, today) {
    assertKnownFilters(raw, ['month_gte', 'month_lte']);
    const to = month(raw, 'month_lte', today.slice(0, 7));
    const from = month(raw, 'month_gte', `${to.slice(0, 4)}-01`);
    if (to < from) throw badRequest('O fim do período não pode ser anterior ao início.');
    const months = monthsBetween(from, to);
    if (months.length > MAX_REPORT_MONTHS)
      throw badRequest(`Escolha um período de no máximo ${MAX_REPORT_MONTHS} meses.`);
    return { from, to, months };
  },
  ...wholeTable(async ({ db, scope }, filter) => {
    const perMonth = await Promise.all(
      filter.months.map((month) =>
        inScope(
          db
            .selectFrom('members')
            .select(['members.congregation_id', (eb) => eb.fn.countAll<number>().as('count')])
            .where('members.admission_date', '>=', `${month}-01`)
            .where('members.admission_date', '<=', lastDayOf(month))
            .groupBy('members.congregation_id'),
          'members.congregation_id',
          scope,
        ).execute(),
      ),
    );
    const figures = new Map<number, { months: number[]; total: number }>();
    const zero = () => ({ months: filter.months.map(() => 0), total: 0 });
    perMonth.forEach((rows, index) => {
      for (const row of rows) {
        const id = Number(row.congregation_id);
        const entry = figures.get(id) ?? zero();
        entry.months[index] += Number(row.count);
        entry.total += Number(row.count);
        figures.set(id, entry);
      }
    });
    return congregationRows(db, scope, figures, {
      zero,
      isZero: (entry) => entry.total === 0,
      sum: (rows) => {
        const totals = zero();
        for (const row of rows) {
          row.months.forEach((value, index) => (totals.months[index] += value));
          totals.total += row.total;
        }
        return totals;
      },
    });
  }),
  columns: (filter) => [
    {
      header: 'Congregação',
      value: (row) => row.congregation_name,
      pdfWidth: Math.max(2.4, 5 - filter.months.length * 0.2),
    },
    ...filter.months.map((month, index) => ({
      header: shortMonth(month),
      value: (row: NewMembersRow) => count(row.months[index]),
      pdfWidth: 1,
      align: 'right' as const,
    })),
    { header: 'Total', value: (row) => count(row.total), pdfWidth: 1, align: 'right' },
  ],
  title: () => 'Novos membros por mês',
  subtitle: (filter) =>
    `Membros admitidos de ${formatDate(`${filter.from}-01`)} a ${formatDate(lastDayOf(filter.to))}, por congregação e mês da admissão.`,
  empty: 'Nenhuma congregação.',
  layout: 'landscape',
};
