// The orçamento anual (issue 27): a congregation's plan, per income or expense category and
// month of a year, in centavos; saved whole (the grid of a year) in one request. Shared by the
// screen (its checks, its totals) and the API (the authority).
import { z } from 'zod';
import { recordId } from '../fields';
import { MAX_CENTS } from './installments';

export const BUDGET_MONTHS = 12;
export const MIN_BUDGET_YEAR = 2000;
export const MAX_BUDGET_YEAR = 2100;
/** Categories in one year's grid: far above any church's chart. */
export const MAX_BUDGET_LINES = 1_000;

const yearOf = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(MIN_BUDGET_YEAR, { error: message })
    .max(MAX_BUDGET_YEAR, { error: message });

export const YEAR_MESSAGE = `Informe um ano de ${MIN_BUDGET_YEAR} a ${MAX_BUDGET_YEAR}.`;

/** A month's planned amount: whole centavos, zero or more. */
const plannedCents = z
  .number({ error: 'Valor inválido: informe centavos inteiros.' })
  .int({ error: 'Valor inválido: informe centavos inteiros.' })
  .min(0, { error: 'O orçamento não pode ser negativo.' })
  .max(MAX_CENTS, { error: 'Valor alto demais.' });

export const budgetLineSchema = z.object({
  category_id: recordId('Categoria inválida.'),
  months: z
    .array(plannedCents, { error: 'Informe os 12 meses.' })
    .length(BUDGET_MONTHS, { error: 'Informe os 12 meses.' }),
});

/** PUT /api/budgets: the whole grid of a congregation's year (a category left out: nothing). */
export const budgetSchema = z.object({
  congregation_id: recordId('Escolha a congregação.'),
  year: yearOf(YEAR_MESSAGE),
  lines: z
    .array(budgetLineSchema, { error: 'Informe as linhas do orçamento.' })
    .max(MAX_BUDGET_LINES, { error: 'Linhas demais no orçamento.' })
    .refine((lines) => new Set(lines.map((line) => line.category_id)).size === lines.length, {
      error: 'Cada categoria só pode aparecer uma vez.',
    }),
});
export type BudgetInput = z.output<typeof budgetSchema>;
export type BudgetLine = z.output<typeof budgetLineSchema>;

/** The year's total of a line. */
export const lineTotal = (months: readonly number[]) =>
  months.reduce((sum, cents) => sum + cents, 0);

/** Each month's total of many lines. */
export const monthTotals = (lines: ReadonlyArray<{ months: readonly number[] }>) =>
  Array.from({ length: BUDGET_MONTHS }, (_, month) =>
    lines.reduce((sum, line) => sum + line.months[month], 0),
  );

/**
 * The share of the budget carried out, in percent with one decimal (realizado / orçado), or null
 * when nothing was budgeted (no percentage of zero).
 */
export function executionPercent(budgetCents: number, actualCents: number): number | null {
  if (budgetCents === 0) return null;
  return Math.round((actualCents * 1000) / budgetCents) / 10;
}

/** '66,7%' (one decimal), or '—' without a budget: the share carried out, as every view shows it. */
export const executionText = (percent: number | null) =>
  percent === null ? '—' : `${percent.toLocaleString('pt-BR', { minimumFractionDigits: 1 })}%`;

/** The years a budget is looked at or planned: five back and two ahead of `today`'s. */
export function budgetYears(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: 8 }, (_, index) => year + 2 - index).filter(
    (value) => value >= MIN_BUDGET_YEAR && value <= MAX_BUDGET_YEAR,
  );
}
