// The paginations of the big lists read the API's stopped count as "mais de N" (domain/listTotals.ts).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import { CappedPagination } from '../../src/features/finance/shared/CappedPagination';
import { MemberPagination } from '../../src/ui/MemberPagination';
import { i18nProvider } from '../../src/i18n';

afterEach(cleanup);

function renderWith(pagination: React.ReactNode, total: number, page = 1, perPage = 25) {
  const data = Array.from({ length: Math.min(perPage, total - (page - 1) * perPage) }, (_, i) => ({
    id: (page - 1) * perPage + i + 1,
  }));
  const context = {
    data,
    total,
    page,
    perPage,
    setPage: () => {},
    setPerPage: () => {},
    filterValues: { q: 'silva' },
    isPending: false,
    isLoading: false,
    isFetching: false,
    hasNextPage: undefined,
    hasPreviousPage: undefined,
    resource: 'membros',
  } as unknown as ListControllerResult;
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ListContextProvider value={context}>{pagination}</ListContextProvider>
    </AdminContext>,
  );
}

describe.each([
  ['MemberPagination', <MemberPagination key="m" />],
  ['CappedPagination', <CappedPagination key="c" />],
])('%s', (_name, pagination) => {
  it('says "mais de 100" for a count stopped at 100, and offers the next page', () => {
    renderWith(pagination, 101);
    expect(screen.getByText('1-25 de mais de 100')).toBeTruthy();
    expect(screen.getByRole('button', { name: /próxima/i }).hasAttribute('disabled')).toBe(false);
  });

  it('says "mais de 200" on the page past the first step', () => {
    renderWith(pagination, 201, 5);
    expect(screen.getByText('101-125 de mais de 200')).toBeTruthy();
  });

  it('shows an exact total as it is, with thousands separators', () => {
    renderWith(pagination, 100);
    expect(screen.getByText('1-25 de 100')).toBeTruthy();
    cleanup();
    renderWith(pagination, 200_000);
    expect(screen.getByText('1-25 de 200.000')).toBeTruthy();
  });
});
