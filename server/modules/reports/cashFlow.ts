// Demonstração dos Fluxos de Caixa (issue 27), direct method, by cash: the cash of the report's
// accounts (the bank accounts and caixas of its congregations opened by the period's end) at the
// start, what came in and went out in the period by group of the plano de contas (the group of
// each movement's account), and the cash at the end. A transfer between two accounts of the
// report moves no cash in or out of it and is left out; one to or from an account outside it (a
// congregation sending its share to the sede) is an outflow or inflow of its own.
import { sql } from 'kysely';
import { formatDate } from '../../../domain/formats.js';
import { inScope } from '../../http/scope.js';
import {
  BASIS,
  type PeriodFilter,
  type StatementLine,
  accountLabel,
  byCode,
  ledgerAccounts,
  lineAmount,
  moneyColumn,
  numbered,
  periodStatement,
  periodText,
} from './financeStatement.js';
import type { ReportContext } from './report.js';

export interface CashFlowLine extends StatementLine {
  amount_cents: number;
}

/** The accounts of the report: those of its congregations opened by `to` (the pack's too). */
export async function reportAccounts({ db, scope }: ReportContext, to: string) {
  return inScope(
    db
      .selectFrom('bank_accounts')
      .select(['id', 'name', 'congregation_id', 'opening_balance_cents'])
      .where('opening_date', '<=', to),
    'bank_accounts.congregation_id',
    scope,
  ).execute();
}

/**
 * The accounts' cash when `date` begins: their opening balances, the monthly totals of the months
 * before date's month (finance_month_totals) and the movements of its month before it.
 */
export async function cashBefore(
  { db }: ReportContext,
  accounts: Array<{ id: number; opening_balance_cents: number }>,
  date: string,
): Promise<number> {
  if (accounts.length === 0) return 0;
  const ids = accounts.map((account) => account.id);
  const monthStart = `${date.slice(0, 7)}-01`;
  const [months, days] = await Promise.all([
    db
      .selectFrom('finance_month_totals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('total'))
      .where('bank_account_id', 'in', ids)
      .where('month', '<', date.slice(0, 7))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('transactions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
      .where('bank_account_id', 'in', ids)
      .where('date', '>=', monthStart)
      .where('date', '<', date)
      .executeTakeFirstOrThrow(),
  ]);
  const opening = accounts.reduce((sum, account) => sum + Number(account.opening_balance_cents), 0);
  return opening + Number(months.total) + Number(days.total);
}

interface Flow {
  kind: string;
  category_id: number | null;
  /** A transfer whose other leg is on an account of the report. */
  internal: number;
  inflow: number;
  total: number;
}

/** The period's movements on the accounts, summed by kind, category, direction and transfer side. */
async function flows({ db }: ReportContext, ids: number[], filter: PeriodFilter): Promise<Flow[]> {
  if (ids.length === 0) return [];
  const own = sql.join(ids);
  // The other leg is looked up for a transfer only: joined, PostgreSQL hashed every movement of
  // ten years for a year's DFC (1.9 s of its 2).
  const rows = await db
    .selectFrom('transactions as t')
    .select([
      't.kind',
      't.category_id',
      sql<number>`case when t.kind <> 'transfer' then 0
        when (select l.bank_account_id from transactions l where l.id = t.linked_id) in (${own}) then 1
        else 0 end`.as('internal'),
      sql<number>`case when t.amount_cents > 0 then 1 else 0 end`.as('inflow'),
      (eb) => eb.fn.sum<number>('t.amount_cents').as('total'),
    ])
    .where('t.bank_account_id', 'in', ids)
    .where('t.date', '>=', filter.from)
    .where('t.date', '<=', filter.to)
    .groupBy(['t.kind', 't.category_id', 'internal', 'inflow'])
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    category_id: row.category_id === null ? null : Number(row.category_id),
    internal: Number(row.internal),
    inflow: Number(row.inflow),
    total: Number(row.total),
  }));
}

/** What a movement that is no category's counts as, by kind and direction. */
function otherLabel(flow: Flow): string {
  if (flow.kind === 'transfer') {
    return flow.inflow
      ? 'Transferências recebidas de outras congregações'
      : 'Transferências enviadas a outras congregações';
  }
  if (flow.kind === 'adjustment')
    return flow.inflow ? 'Ajustes de saldo (a mais)' : 'Ajustes de saldo (a menos)';
  if (flow.kind === 'expense') return 'Faturas de cartão de crédito';
  return 'Outros movimentos';
}

/** The statement's lines: opening cash, inflows, outflows, the change and the closing cash. */
export async function cashFlowLines(
  context: ReportContext,
  filter: PeriodFilter,
): Promise<CashFlowLine[]> {
  const accounts = await reportAccounts(context, filter.to);
  const ids = accounts.map((account) => account.id);
  const [opening, moved] = await Promise.all([
    cashBefore(context, accounts, filter.from),
    flows(context, ids, filter),
  ]);
  const external = moved.filter((flow) => !flow.internal);
  const ledger = await ledgerAccounts(context.db, [
    ...new Set(external.flatMap((flow) => (flow.category_id === null ? [] : [flow.category_id]))),
  ]);
  // Each side's amounts by line (an account of the chart or a kind of movement), in order.
  const sides = { in: new Map<string, number>(), out: new Map<string, number>() };
  // Each line: a group of the plano de contas (3.1 Dízimos e ofertas), or a kind of movement
  // that is no category's (transfers, adjustments, card invoices).
  const labels = new Map<string, { label: string; code: string | null; name: string }>();
  for (const flow of external) {
    const account = flow.category_id === null ? undefined : ledger.get(flow.category_id);
    const group = account?.group;
    const key = group ? group.key : `${flow.kind}:${flow.inflow}`;
    labels.set(key, {
      label: group ? accountLabel(group) : otherLabel(flow),
      code: group?.code ?? null,
      name: group ? group.name : otherLabel(flow),
    });
    // A category keeps its side by its kind, not by the sign of one movement (a refund).
    const inflow = account ? account.kind === 'income' : flow.inflow === 1;
    const side = inflow ? sides.in : sides.out;
    side.set(key, (side.get(key) ?? 0) + (inflow ? flow.total : -flow.total));
  }
  // The chart's groups first, by code; then transfers, adjustments and the rest, by name.
  const order = (key: string) => labels.get(key)!;
  const linesOf = (side: Map<string, number>) =>
    [...side.entries()]
      .sort(
        ([a], [b]) =>
          Number(order(a).code === null) - Number(order(b).code === null) ||
          byCode(order(a), order(b)),
      )
      .map(([key, amount]) => ({
        style: 'line' as const,
        label: order(key).label,
        amount_cents: amount,
      }));
  const sum = (side: Map<string, number>) => [...side.values()].reduce((a, b) => a + b, 0);
  const inflows = sum(sides.in);
  const outflows = sum(sides.out);
  return numbered<Omit<CashFlowLine, 'id'>>([
    {
      style: 'total',
      label: `Saldo inicial de caixa em ${formatDate(filter.from)}`,
      amount_cents: opening,
    },
    { style: 'heading', label: 'Entradas', amount_cents: 0 },
    ...linesOf(sides.in),
    { style: 'subtotal', label: 'Total das entradas', amount_cents: inflows },
    { style: 'heading', label: 'Saídas', amount_cents: 0 },
    ...linesOf(sides.out),
    { style: 'subtotal', label: 'Total das saídas', amount_cents: outflows },
    {
      style: 'subtotal',
      label: 'Variação do caixa no período (entradas menos saídas)',
      amount_cents: inflows - outflows,
    },
    {
      style: 'total',
      label: `Saldo final de caixa em ${formatDate(filter.to)}`,
      amount_cents: opening + inflows - outflows,
    },
  ]);
}

export const cashFlowReport = periodStatement<CashFlowLine>({
  key: 'cash_flow',
  file: 'fluxo-de-caixa',
  basis: 'cash',
  lines: cashFlowLines,
  label: 'Descrição',
  amounts: () => [
    moneyColumn(
      'Valor',
      lineAmount((row) => row.amount_cents),
      2,
    ),
  ],
  title: 'Demonstração dos Fluxos de Caixa',
  subtitle: (filter) =>
    `Período ${periodText(filter)}, método direto. ${BASIS.cash} O saldo inicial é o das contas bancárias e caixas no primeiro dia; o final, no último. Transferências entre contas das congregações do relatório não entram nem saem do caixa e ficam de fora.`,
  empty: 'Nenhuma conta no período.',
});
