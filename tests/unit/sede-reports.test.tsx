// The sede's report screens (issue 12) and the dashboard's breakdown, on a stand-in data provider:
// the rows the API answers become the table's cells (names, counts, R$), the totals row last,
// the period's months as columns, and the congregation filter sends congregation_id.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { monthName } from '../../domain/calendar';
import { addMonths, todayIso } from '../../domain/dates';
import { shortMonth } from '../../domain/reports';
import { i18nProvider } from '../../src/i18n';
import FinanceByCongregationReport from '../../src/features/reports/FinanceByCongregationReport';
import MembersByCongregationReport from '../../src/features/reports/MembersByCongregationReport';
import NewMembersByMonthReport from '../../src/features/reports/NewMembersByMonthReport';
import { CongregationsCard } from '../../src/features/dashboard/CongregationsCard';

afterEach(cleanup);

const CONGREGATIONS = [
  { id: 1, name: 'Sede Central' },
  { id: 2, name: 'Congregação Alfa' },
];

/** A data provider answering the report's rows and the congregations list; records each call. */
function provider(rows: object[]) {
  const getList = vi.fn(async (resource: string, params: { filter?: object }) => {
    if (resource === 'congregations') return { data: CONGREGATIONS, total: CONGREGATIONS.length };
    void params;
    return { data: rows, total: rows.length };
  });
  return { getList, dataProvider: { getList } as unknown as DataProvider };
}

function renderWith(dataProvider: DataProvider, children: ReactNode) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      {children}
    </AdminContext>,
  );
}

const total = (cells: Record<string, unknown>) => ({
  id: 0,
  congregationId: null,
  congregationName: 'Total',
  isTotal: true,
  ...cells,
});

/** The table's rows as the text of their cells. */
async function tableRows() {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
    );
}

describe('the sede’s reports', () => {
  it('members by congregation: a column per status, the totals row last', async () => {
    const counts = (active: number, pending: number) => ({
      pending,
      active,
      inactive: 0,
      disciplined: 0,
      transferring: 0,
      transferred: 0,
      deceased: 1,
      total: active + pending + 1,
    });
    const { dataProvider, getList } = provider([
      {
        id: 1,
        congregationId: 1,
        congregationName: 'Sede Central',
        isTotal: false,
        ...counts(1200, 3),
      },
      {
        id: 2,
        congregationId: 2,
        congregationName: 'Congregação Alfa',
        isTotal: false,
        ...counts(40, 0),
      },
      total(counts(1240, 3)),
    ]);
    renderWith(dataProvider, <MembersByCongregationReport />);
    expect(await screen.findByRole('heading', { name: 'Membros por congregação' })).toBeTruthy();
    const rows = await tableRows();
    expect(rows[0]).toEqual([
      'Congregação',
      'Pendentes',
      'Ativos',
      'Inativos',
      'Disciplinados',
      'Em transferência',
      'Transferidos',
      'Falecidos',
      'Total',
    ]);
    expect(rows.slice(1)).toEqual([
      ['Sede Central', '3', '1.200', '0', '0', '0', '0', '1', '1.204'],
      ['Congregação Alfa', '0', '40', '0', '0', '0', '0', '1', '41'],
      ['Total', '3', '1.240', '0', '0', '0', '0', '1', '1.244'],
    ]);
    expect(getList).toHaveBeenCalledWith(
      'reports/members_by_congregation',
      expect.objectContaining({ filter: {} }),
    );
  });

  it('the congregation filter narrows the report to one congregation', async () => {
    const { dataProvider, getList } = provider([total({ pending: 0, active: 0, total: 0 })]);
    const user = userEvent.setup();
    renderWith(dataProvider, <MembersByCongregationReport />);
    const filter = await screen.findByRole('combobox', { name: 'Congregação' });
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Congregação Alfa' }));
    await vi.waitFor(() =>
      expect(getList).toHaveBeenCalledWith(
        'reports/members_by_congregation',
        expect.objectContaining({ filter: { congregationId: 2 } }),
      ),
    );
  });

  it('new members per month: one column per month of the period', async () => {
    const { dataProvider, getList } = provider([
      {
        id: 2,
        congregationId: 2,
        congregationName: 'Congregação Alfa',
        isTotal: false,
        months: [1, 0, 4],
        total: 5,
      },
      total({ months: [1, 0, 4], total: 5 }),
    ]);
    renderWith(dataProvider, <NewMembersByMonthReport />);
    await screen.findByRole('heading', { name: 'Novos membros por mês' });
    // A three-month period chosen in the filters: one column per month.
    const months = [-2, -1, 0].map((shift) => addMonths(todayIso(), shift).slice(0, 7));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'De (mês)' }));
    await user.click(await screen.findByRole('option', { name: monthName(months[0]) }));
    await vi.waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'reports/new_members_by_month',
        expect.objectContaining({ filter: { monthGte: months[0], monthLte: months[2] } }),
      ),
    );
    await vi.waitFor(async () =>
      expect((await tableRows())[0]).toEqual(['Congregação', ...months.map(shortMonth), 'Total']),
    );
    expect((await tableRows()).slice(1)).toEqual([
      ['Congregação Alfa', '1', '0', '4', '5'],
      ['Total', '1', '0', '4', '5'],
    ]);
  });

  it('finance result: incomes, expenses and balance in R$', async () => {
    const { dataProvider } = provider([
      {
        id: 1,
        congregationId: 1,
        congregationName: 'Sede Central',
        isTotal: false,
        incomeCents: 123_456,
        expenseCents: 200_000,
        balanceCents: -76_544,
      },
      total({ incomeCents: 123_456, expenseCents: 200_000, balanceCents: -76_544 }),
    ]);
    renderWith(dataProvider, <FinanceByCongregationReport />);
    await screen.findByRole('heading', { name: 'Resultado financeiro' });
    const rows = await tableRows();
    expect(rows[0]).toEqual(['Congregação', 'Receitas', 'Despesas', 'Saldo']);
    expect(rows.slice(1)).toEqual([
      ['Sede Central', 'R$ 1.234,56', 'R$ 2.000,00', '-R$ 765,44'],
      ['Total', 'R$ 1.234,56', 'R$ 2.000,00', '-R$ 765,44'],
    ]);
  });
});

describe('the dashboard’s breakdown by congregation', () => {
  it('shows each congregation’s members, new ones and pending registrations', () => {
    renderWith(
      {} as DataProvider,
      <CongregationsCard
        rows={[
          {
            congregationId: 1,
            congregationName: 'Sede Central',
            active: 1200,
            total: 1500,
            newThisMonth: 7,
            pending: 2,
          },
          {
            congregationId: 2,
            congregationName: 'Congregação Alfa',
            active: 40,
            total: 41,
            newThisMonth: 0,
            pending: 1,
          },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Por congregação' });
    const rows = within(section)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Congregação', 'Membros ativos', 'Cadastrados', 'Novos neste mês', 'Cadastros pendentes'],
      ['Sede Central', '1.200', '1.500', '7', '2'],
      ['Congregação Alfa', '40', '41', '0', '1'],
    ]);
  });
});
