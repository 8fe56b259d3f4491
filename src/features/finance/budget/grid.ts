// The budget grid as the screen holds it: each category's twelve months in centavos, its
// categories split by kind, and what is saved (only the lines with something planned).
import { BUDGET_MONTHS } from '../../../../domain/finance/budget';
import type { BudgetGrid } from '../../../providers/financeTypes';

export interface BudgetCategory {
  id: number;
  /** Its code in the plano de contas. */
  code: string;
  name: string;
  kind: 'income' | 'expense';
  active: boolean;
}

/** category id -> twelve months of centavos. */
export type Cells = Record<number, number[]>;

export const emptyMonths = () => Array<number>(BUDGET_MONTHS).fill(0);

export const cellsOf = (grid: BudgetGrid | undefined): Cells =>
  Object.fromEntries((grid?.lines ?? []).map((line) => [line.categoryId, [...line.months]]));

export const linesOf = (cells: Cells): BudgetGrid['lines'] =>
  Object.entries(cells)
    .filter(([, months]) => months.some((cents) => cents !== 0))
    .map(([id, months]) => ({ categoryId: Number(id), months }));

/** The categories a grid shows: the active ones, and inactive ones that still hold a budget. */
export function shownCategories(categories: BudgetCategory[], cells: Cells) {
  const shown = categories.filter(
    (category) => category.active || (cells[category.id] ?? []).some((cents) => cents !== 0),
  );
  return {
    income: shown.filter((category) => category.kind === 'income'),
    expense: shown.filter((category) => category.kind === 'expense'),
  };
}

/** Each month's sum over `categories`. */
export const monthSums = (cells: Cells, categories: BudgetCategory[]) =>
  Array.from({ length: BUDGET_MONTHS }, (_, month) =>
    categories.reduce((sum, category) => sum + (cells[category.id]?.[month] ?? 0), 0),
  );

/** An account as the grid names it: `3.1.01 Dízimos`. */
export const accountLabel = (category: BudgetCategory) => `${category.code} ${category.name}`;
