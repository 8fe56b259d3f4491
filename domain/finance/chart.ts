// The plano de contas (issue 27): account codes such as `3.1.01`, where each dot-separated
// segment is one level and a child's code is its parent's plus one segment. Pure helpers over
// the chart's rows, shared by the server's rules, the reports and the screen.
import type { AccountKind, CategoryKind } from './labels';

/** One to five levels of one to four digits: `3`, `3.1`, `3.1.01`. */
export const ACCOUNT_CODE_PATTERN = /^\d{1,4}(\.\d{1,4}){0,4}$/;

export const INVALID_CODE_MESSAGE =
  'Código inválido: use números separados por pontos, como 3.1.01.';

export type ChartAccount = {
  id: number;
  code: string;
  name: string;
  kind: AccountKind;
  parent_id: number | null;
};

export function isAccountCode(code: string): boolean {
  return ACCOUNT_CODE_PATTERN.test(code);
}

/** The code's segments as numbers: `3.1.01` → [3, 1, 1]. */
export function parseCode(code: string): number[] {
  if (!isAccountCode(code)) throw new Error(INVALID_CODE_MESSAGE);
  return code.split('.').map(Number);
}

/** Chart order: segment by segment as numbers (3.2 before 3.10), a group before its children. */
export function compareCodes(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i] - y[i];
  }
  return x.length - y.length;
}

/** The level of a code: 1 for `3`, 3 for `3.1.01`. */
export const codeLevel = (code: string) => code.split('.').length;

/** The parent's code a code implies (`3.1.01` → `3.1`), or null at the top. */
export function parentCode(code: string): string | null {
  const at = code.lastIndexOf('.');
  return at < 0 ? null : code.slice(0, at);
}

/** Whether `child` sits directly under `parent` by its code. */
export function isChildCode(parent: string, child: string): boolean {
  return parentCode(child) === parent;
}

/** The code after the last child's (`3.1.02` after `3.1.01`), two digits at least. */
export function nextChildCode(parent: string, siblings: string[]): string {
  const last = siblings
    .filter((code) => isChildCode(parent, code))
    .map((code) => Number(code.slice(parent.length + 1)))
    .reduce((max, n) => Math.max(max, n), 0);
  return `${parent}.${String(last + 1).padStart(2, '0')}`;
}

/** The accounts from the top of the chart down to `id` (the account itself last). */
export function accountPath<T extends Pick<ChartAccount, 'id' | 'parent_id'>>(
  chart: readonly T[],
  id: number,
): T[] {
  const byId = new Map(chart.map((account) => [account.id, account]));
  const path: T[] = [];
  for (let at = byId.get(id); at && path.length <= chart.length;) {
    path.unshift(at);
    at = at.parent_id === null ? undefined : byId.get(at.parent_id);
  }
  return path;
}

/**
 * The account a category is: since the chart grew out of the categories, a category id is an
 * account id; answers the account (with its code) or throws when the chart lacks it.
 */
export function accountOfCategory<T extends Pick<ChartAccount, 'id'>>(
  chart: ReadonlyMap<number, T>,
  categoryId: number,
): T {
  const account = chart.get(categoryId);
  if (!account) throw new Error(`Conta ${categoryId} ausente do plano de contas.`);
  return account;
}

/** Only leaves of kind income or expense take movements (incomes, expenses, counts). */
export function isMovementKind(kind: string): kind is CategoryKind {
  return kind === 'income' || kind === 'expense';
}

/**
 * Whether an account of `kind` may sit under a parent of `parentKind`: the same kind, or the
 * Patrimônio social inside the Passivo (2.3, as the ECD's referential plan places it).
 */
export function kindFitsParent(kind: AccountKind, parentKind: AccountKind): boolean {
  return kind === parentKind || (kind === 'equity' && parentKind === 'liability');
}

/** Debit-nature accounts (assets, expenses) grow with debits; the others with credits. */
export function isDebitNature(kind: AccountKind): boolean {
  return kind === 'asset' || kind === 'expense';
}

/** The chart in its reading order, each account with its depth (0 at the top). */
export function chartOrder<T extends Pick<ChartAccount, 'code'>>(
  chart: readonly T[],
): (T & { depth: number })[] {
  return [...chart]
    .sort((a, b) => compareCodes(a.code, b.code))
    .map((account) => ({ ...account, depth: codeLevel(account.code) - 1 }));
}
