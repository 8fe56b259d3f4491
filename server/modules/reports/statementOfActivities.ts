// Demonstração do Resultado do Período (ITG 2002, issue 27), by competência: the incomes of the
// period by their date, the expenses by the date they were incurred (their whole amount, paid or
// not), each summed by account and grouped, with the group subtotals, the totals and the
// superávit (déficit) — and the same period of last year beside it; then the restricted funds
// apart (each fund's result, already inside the statement's) and the free resources' result.
// Each in the congregations of the report (incomes.congregation_id, expenses.congregation_id: the
// cost centre).
import { resultTotals } from '../finance/index.js';
import {
  BASIS,
  type LedgerAccount,
  type PeriodFilter,
  type StatementLine,
  accountLabel,
  byCode,
  lastYear,
  ledgerAccounts,
  lineAmount,
  moneyColumn,
  numbered,
  periodStatement,
  periodText,
} from './financeStatement.js';
import type { ReportContext } from './report.js';

export interface ActivitiesLine extends StatementLine {
  current_cents: number;
  previous_cents: number;
}

type Amounts = Map<number, number>;

/** The incomes or the expenses of a period by category (their date in it, in the scope). */
async function byCategory(
  { db, scope }: ReportContext,
  table: 'incomes' | 'expenses',
  period: PeriodFilter,
): Promise<Amounts> {
  const totals = await resultTotals(db, scope, SOURCE[table], 'category_id', period);
  return new Map([...totals].map(([id, cents]) => [Number(id), cents]));
}

const SOURCE = { incomes: 'income', expenses: 'expense' } as const;

/** The result (incomes − expenses) of a period by restricted fund, in the scope. */
async function restrictedResults(context: ReportContext, period: PeriodFilter): Promise<Amounts> {
  const restricted = new Set(
    (
      await context.db
        .selectFrom('finance_funds')
        .select('id')
        .where('restricted', '=', true)
        .execute()
    ).map((fund) => fund.id),
  );
  const results: Amounts = new Map();
  for (const [table, sign] of [
    ['incomes', 1],
    ['expenses', -1],
  ] as const) {
    const totals = await resultTotals(context.db, context.scope, SOURCE[table], 'fund_id', period);
    for (const [fund, cents] of totals) {
      if (fund === null || !restricted.has(fund)) continue;
      results.set(fund, (results.get(fund) ?? 0) + sign * cents);
    }
  }
  return results;
}

/**
 * The restricted funds apart (ITG 2002): each fund's superávit (déficit), already inside the
 * statement's, and what is left for the free resources. Nothing when no restricted fund moved.
 */
async function fundLines(
  context: ReportContext,
  filter: PeriodFilter,
  result: { current: number; previous: number },
): Promise<Omit<ActivitiesLine, 'id'>[]> {
  const [current, previous] = await Promise.all([
    restrictedResults(context, filter),
    restrictedResults(context, lastYear(filter)),
  ]);
  const ids = [...new Set([...current.keys(), ...previous.keys()])];
  if (ids.length === 0) return [];
  const funds = await context.db
    .selectFrom('finance_funds')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  funds.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  return [
    {
      style: 'heading',
      label: 'Fundos com restrição (já incluídos acima)',
      current_cents: 0,
      previous_cents: 0,
    },
    ...funds.map((fund) => ({
      style: 'line' as const,
      label: `${fund.name}: superávit (déficit)`,
      current_cents: current.get(fund.id) ?? 0,
      previous_cents: previous.get(fund.id) ?? 0,
    })),
    {
      style: 'total',
      label: 'Superávit (déficit) dos recursos livres',
      current_cents: result.current - sumOf(current, ids),
      previous_cents: result.previous - sumOf(previous, ids),
    },
  ];
}

const sumOf = (amounts: Amounts, ids: number[]) =>
  ids.reduce((sum, id) => sum + (amounts.get(id) ?? 0), 0);

/** A section (receitas or despesas): its groups, each with its accounts and subtotal, and the total. */
function section(
  title: string,
  totalLabel: string,
  accounts: Map<number, LedgerAccount>,
  current: Amounts,
  previous: Amounts,
): { lines: Omit<ActivitiesLine, 'id'>[]; current: number; previous: number } {
  const ids = [...new Set([...current.keys(), ...previous.keys()])];
  const groups = new Map<string, { name: string; code: string | null; ids: number[] }>();
  for (const id of ids) {
    const account = accounts.get(id)!;
    const group =
      groups.get(account.group.key) ??
      groups
        .set(account.group.key, { name: account.group.name, code: account.group.code, ids: [] })
        .get(account.group.key)!;
    group.ids.push(id);
  }
  const lines: Omit<ActivitiesLine, 'id'>[] = [
    { style: 'heading', label: title, current_cents: 0, previous_cents: 0 },
  ];
  // A group is named only when the chart gives more than the section itself.
  const named = groups.size > 1 || [...groups.values()].some((group) => group.code !== null);
  for (const group of [...groups.values()].sort(byCode)) {
    if (named) {
      lines.push({
        style: 'heading',
        label: accountLabel(group),
        current_cents: 0,
        previous_cents: 0,
      });
    }
    for (const id of group.ids.sort((a, b) => byCode(accounts.get(a)!, accounts.get(b)!))) {
      lines.push({
        style: 'line',
        label: accountLabel(accounts.get(id)!),
        current_cents: current.get(id) ?? 0,
        previous_cents: previous.get(id) ?? 0,
      });
    }
    if (named) {
      lines.push({
        style: 'subtotal',
        label: `Total de ${accountLabel(group)}`,
        current_cents: sumOf(current, group.ids),
        previous_cents: sumOf(previous, group.ids),
      });
    }
  }
  const totals = { current: sumOf(current, ids), previous: sumOf(previous, ids) };
  lines.push({
    style: 'total',
    label: totalLabel,
    current_cents: totals.current,
    previous_cents: totals.previous,
  });
  return { lines, ...totals };
}

/** The statement's lines: receitas, despesas, superávit (déficit). */
export async function activitiesLines(
  context: ReportContext,
  filter: PeriodFilter,
): Promise<ActivitiesLine[]> {
  const before = lastYear(filter);
  const [incomes, lastIncomes, expenses, lastExpenses] = await Promise.all([
    byCategory(context, 'incomes', filter),
    byCategory(context, 'incomes', before),
    byCategory(context, 'expenses', filter),
    byCategory(context, 'expenses', before),
  ]);
  const accounts = await ledgerAccounts(context.db, [
    ...new Set([incomes, lastIncomes, expenses, lastExpenses].flatMap((map) => [...map.keys()])),
  ]);
  const revenue = section('Receitas', 'Total das receitas', accounts, incomes, lastIncomes);
  const costs = section('Despesas', 'Total das despesas', accounts, expenses, lastExpenses);
  const result = {
    current: revenue.current - costs.current,
    previous: revenue.previous - costs.previous,
  };
  return numbered([
    ...revenue.lines,
    ...costs.lines,
    {
      style: 'total',
      label: 'Superávit (déficit) do período',
      current_cents: result.current,
      previous_cents: result.previous,
    },
    ...(await fundLines(context, filter, result)),
  ]);
}

export const statementOfActivitiesReport = periodStatement<ActivitiesLine>({
  key: 'statement_of_activities',
  file: 'demonstracao-do-resultado',
  basis: 'accrual',
  lines: activitiesLines,
  label: 'Conta',
  amounts: (filter) => [
    moneyColumn(
      periodText(filter).replace(/^de /, ''),
      lineAmount((row) => row.current_cents),
      2,
    ),
    moneyColumn(
      periodText(lastYear(filter)).replace(/^de /, ''),
      lineAmount((row) => row.previous_cents),
      2,
    ),
  ],
  title: 'Demonstração do Resultado do Período',
  subtitle: (filter) =>
    `Período ${periodText(filter)}, ao lado do mesmo período do ano anterior. ${BASIS.accrual} Superávit: as receitas foram maiores que as despesas; déficit (valor negativo): menores.`,
  empty: 'Nenhuma receita ou despesa no período.',
});
