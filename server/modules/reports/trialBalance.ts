// Balancete do mês (issue 27, trial_balance): per account of the plano de contas, groups summed,
// the opening balance, the month's debits and credits and the closing balance, from the journal
// entries of the double-entry mapping (regime de competência: expenses when incurred, incomes
// when received). Receitas and despesas start each year at zero: the results of earlier years
// sit in 2.3.02 Superávits ou déficits acumulados. Debits equal credits, every month.
import { compareCodes, codeLevel } from '../../../domain/finance/chart.js';
import type { AccountKind } from '../../../domain/finance/labels.js';
import { formatMoney } from '../../../domain/formats.js';
import { balancesBefore, ledgerAccounts, monthTotals } from '../finance/index.js';
import { csvAmount } from '../../http/csv.js';
import { TOTAL_LABEL, wholeTable } from './congregationTable.js';
import {
  type ReportColumn,
  type ReportDefinition,
  assertKnownFilters,
  monthFilter,
} from './report.js';

export interface TrialBalanceFilter {
  month: string;
}

interface Figures {
  /** Signed: debit balances positive, credit balances negative. */
  opening_cents: number;
  debit_cents: number;
  credit_cents: number;
  closing_cents: number;
}

export interface TrialBalanceRow extends Figures {
  id: number;
  code: string;
  name: string;
  kind: AccountKind | null;
  depth: number;
  leaf: boolean;
  is_total: boolean;
}

const zero = (): Figures => ({
  opening_cents: 0,
  debit_cents: 0,
  credit_cents: 0,
  closing_cents: 0,
});

/** A balance as the balancete prints it: the amount and D (devedor) or C (credor). */
export function balanceText(cents: number): string {
  if (cents === 0) return formatMoney(0);
  return `${formatMoney(Math.abs(cents))} ${cents > 0 ? 'D' : 'C'}`;
}

function money(
  header: string,
  field: keyof Figures,
  signed: boolean,
): ReportColumn<TrialBalanceRow> {
  return {
    header,
    value: (row) => (signed ? balanceText(row[field]) : formatMoney(row[field])),
    pdfWidth: 1.6,
    align: 'right',
    csv: {
      header: signed ? `${header} (R$, devedor +, credor −)` : `${header} (R$)`,
      value: (row) => csvAmount(row[field]),
      numeric: true,
    },
  };
}

export const trialBalanceReport: ReportDefinition<TrialBalanceFilter, TrialBalanceRow> = {
  key: 'trial_balance',
  filename: (filter) => `balancete-${filter.month}`,
  parseFilter(raw, today) {
    assertKnownFilters(raw, ['month']);
    return { month: monthFilter(raw, 'month', today.slice(0, 7)) };
  },
  // `?month=2026-10&congregation_id=1&include_subtree=true`, as well as `filter`.
  plainFilters: ['month', 'congregation_id', 'include_subtree'],
  ...wholeTable(async ({ db, scope }, filter) => {
    const [chart, accounts] = await Promise.all([
      db
        .selectFrom('finance_categories')
        .select(['id', 'code', 'name', 'kind', 'parent_id', 'role'])
        .execute(),
      ledgerAccounts(db),
    ]);
    const byId = new Map(chart.map((account) => [account.id, account]));
    const surplus = chart.find((account) => account.role === 'surplus')?.id;
    const figures = new Map<number, Figures>();
    const of = (id: number) => figures.get(id) ?? figures.set(id, zero()).get(id)!;
    const [opening, moved] = await Promise.all([
      balancesBefore(
        db,
        scope,
        filter.month,
        {
          surplus: surplus ?? -1,
          isResult: (id) => {
            const kind = byId.get(id)?.kind;
            return surplus !== undefined && (kind === 'income' || kind === 'expense');
          },
        },
        accounts,
      ),
      monthTotals(db, scope, filter.month, accounts),
    ]);
    for (const [id, cents] of opening) of(id).opening_cents += cents;
    for (const [id, sides] of moved) {
      of(id).debit_cents += sides.debit_cents;
      of(id).credit_cents += sides.credit_cents;
    }
    const totals = zero();
    // The accounts the entries touched (leaves), before their groups join the map.
    for (const [id, figure] of [...figures]) {
      figure.closing_cents = figure.opening_cents + figure.debit_cents - figure.credit_cents;
      totals.opening_cents += figure.opening_cents;
      totals.debit_cents += figure.debit_cents;
      totals.credit_cents += figure.credit_cents;
      totals.closing_cents += figure.closing_cents;
      // Each group sums its subaccounts.
      for (let parent = byId.get(id)?.parent_id ?? null; parent !== null;) {
        const group = of(parent);
        group.opening_cents += figure.opening_cents;
        group.debit_cents += figure.debit_cents;
        group.credit_cents += figure.credit_cents;
        group.closing_cents += figure.closing_cents;
        parent = byId.get(parent)?.parent_id ?? null;
      }
    }
    const parents = new Set(chart.map((account) => account.parent_id));
    const rows: TrialBalanceRow[] = chart
      .filter((account) => {
        const figure = figures.get(account.id);
        return figure && Object.values(figure).some((value) => value !== 0);
      })
      .sort((a, b) => compareCodes(a.code, b.code))
      .map((account) => ({
        id: account.id,
        code: account.code,
        name: account.name,
        kind: account.kind as AccountKind,
        depth: codeLevel(account.code) - 1,
        leaf: !parents.has(account.id),
        is_total: false,
        ...figures.get(account.id)!,
      }));
    return [
      ...rows,
      {
        id: 0,
        code: '',
        name: TOTAL_LABEL,
        kind: null,
        depth: 0,
        leaf: false,
        is_total: true,
        ...totals,
      },
    ];
  }),
  columns: [
    { header: 'Código', value: (row) => row.code, pdfWidth: 1.1 },
    {
      header: 'Conta',
      value: (row) => `${'  '.repeat(row.depth)}${row.name}`,
      pdfWidth: 3.6,
    },
    money('Saldo anterior', 'opening_cents', true),
    money('Débitos', 'debit_cents', false),
    money('Créditos', 'credit_cents', false),
    money('Saldo atual', 'closing_cents', true),
  ],
  title: () => 'Balancete de verificação',
  subtitle: (filter) =>
    `Mês ${filter.month.slice(5, 7)}/${filter.month.slice(0, 4)}. Regime de competência: ` +
    'receitas na data do recebimento, despesas na data em que foram feitas (não na do pagamento). ' +
    'Saldos: D devedor, C credor; receitas e despesas acumuladas desde janeiro.',
  empty: 'Nenhum lançamento até este mês.',
  layout: 'landscape',
};
