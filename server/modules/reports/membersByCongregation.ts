// Membros por congregação: how many members each congregation has in each status, with the
// totals — the sede's census. Counted by memberStatusCountsByCongregation (members/counts.ts).
import {
  MEMBER_STATUSES,
  MEMBER_STATUS_COUNT_LABELS,
  type MemberStatus,
} from '../../../domain/members.js';
import { formatDate } from '../../../domain/formats.js';
import {
  type StatusCounts,
  emptyStatusCounts,
  memberStatusCountsByCongregation,
} from '../members/index.js';
import { type CongregationRow, congregationRows, wholeTable } from './congregationTable.js';
import { type ReportDefinition, assertKnownFilters } from './report.js';

export type MembersByCongregationFilter = Record<string, never>;

export type MembersByCongregationRow = CongregationRow & StatusCounts & { total: number };

const count = (value: number) => value.toLocaleString('pt-BR');

export const membersByCongregationReport: ReportDefinition<
  MembersByCongregationFilter,
  MembersByCongregationRow
> = {
  key: 'members_by_congregation',
  filename: (_filter, today) => `membros-por-congregacao-em-${today}`,
  parseFilter(raw) {
    assertKnownFilters(raw, []);
    return {};
  },
  ...wholeTable(async ({ db, scope }) => {
    const counts = await memberStatusCountsByCongregation(db, scope);
    const withTotals = new Map(
      [...counts].map(([id, byStatus]) => [id, { ...byStatus, total: sumOf(byStatus) }]),
    );
    return congregationRows(db, scope, withTotals, {
      zero: () => ({ ...emptyStatusCounts(), total: 0 }),
      isZero: (figures) => figures.total === 0,
      sum: (rows) => {
        const totals = { ...emptyStatusCounts(), total: 0 };
        for (const row of rows) {
          for (const status of MEMBER_STATUSES) totals[status] += row[status];
          totals.total += row.total;
        }
        return totals;
      },
    });
  }),
  columns: [
    { header: 'Congregação', value: (row) => row.congregation_name, pdfWidth: 3.4 },
    ...MEMBER_STATUSES.map((status: MemberStatus) => ({
      header: MEMBER_STATUS_COUNT_LABELS[status],
      value: (row: MembersByCongregationRow) => count(row[status]),
      pdfWidth: 1.2,
      align: 'right' as const,
    })),
    { header: 'Total', value: (row) => count(row.total), pdfWidth: 1.2, align: 'right' },
  ],
  title: () => 'Membros por congregação',
  subtitle: (_filter, today) => `Membros de cada congregação por situação em ${formatDate(today)}.`,
  empty: 'Nenhuma congregação.',
  layout: 'landscape',
};

function sumOf(counts: StatusCounts): number {
  return MEMBER_STATUSES.reduce((sum, status) => sum + counts[status], 0);
}
