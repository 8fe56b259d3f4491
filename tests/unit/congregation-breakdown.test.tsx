// The finance overview's breakdown per congregation (issue 12): a real table a screen reader
// can walk (caption, column and row headers), one row per congregation and the view's total.
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { CongregationBreakdown } from '../../src/features/finance/overview/CongregationBreakdown';
import type { FinanceOverview } from '../../src/providers/financeTypes';
import { i18nProvider } from '../../src/i18n';

afterEach(cleanup);

const row = (id: number, name: string, income: number, expense: number, balance: number) => ({
  congregationId: id,
  congregationName: name,
  incomeCents: income,
  expenseCents: expense,
  resultCents: income - expense,
  balanceCents: balance,
});

const overview = {
  incomeCents: 350_000,
  expenseCents: 120_000,
  resultCents: 230_000,
  totalBalanceCents: 900_000,
  congregations: [
    row(1, 'Sede', 300_000, 100_000, 800_000),
    row(2, 'Congregação Vila Nova', 50_000, 20_000, 100_000),
  ],
} as FinanceOverview;

const clean = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('CongregationBreakdown', () => {
  it('is a named table with a row per congregation and the total', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <CongregationBreakdown data={overview} />
      </AdminContext>,
    );
    const table = screen.getByRole('table', { name: /Receitas, despesas e resultado do mês/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => clean(cell.textContent));
    expect(headers).toEqual(['Congregação', 'Receitas', 'Despesas', 'Resultado', 'Saldo']);
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => clean(cell.textContent));
    expect(names).toEqual(['Sede', 'Congregação Vila Nova', 'Total']);
    const vilaNova = within(table).getByRole('row', { name: /Vila Nova/ });
    expect(clean(vilaNova.textContent)).toContain('R$ 500,00');
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(clean(total.textContent)).toContain('R$ 3.500,00');
    expect(clean(total.textContent)).toContain('R$ 9.000,00');
    // The scrolling region is reachable from the keyboard and named by the caption.
    const region = screen.getByRole('region');
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('aria-labelledby')).toBe(table.getAttribute('aria-labelledby'));
  });
});
