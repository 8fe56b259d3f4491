// The app bar's congregation selection (issue 12): the X-Congregation header every signed-in call
// carries, the fallback to "Todas" when the server refuses a stored selection, and the selector
// itself (shown to users who see several congregations, keyboard-usable, kept in localStorage).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  type DataProvider,
  Notification,
  testDataProvider,
  useGetList,
} from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../src/providers/httpClient';
import { dataProvider } from '../../src/providers/dataProvider';
import { clearSession } from '../../src/providers/session';
import {
  SELECTION_KEY,
  readSelection,
  saveSelection,
} from '../../src/providers/congregationSelection';
import { CongregationSelector } from '../../src/layout/CongregationSelector';
import { i18nProvider } from '../../src/i18n';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

const SESSION = {
  'access-token': 'token-1',
  client: 'client-1',
  uid: 'ana@igreja.org',
  expiry: '1900000000',
  'token-type': 'Bearer',
};

describe('the X-Congregation header', () => {
  it('goes out on every signed-in call while a congregation is selected', async () => {
    localStorage.setItem('adamSession', JSON.stringify(SESSION));
    const seen: Array<string | null> = [];
    server.use(
      http.get('*/api/members', ({ request }) => {
        seen.push(request.headers.get('x-congregation'));
        return HttpResponse.json([], { headers: { 'Content-Range': 'members */0' } });
      }),
      http.post('*/api/members', ({ request }) => {
        seen.push(request.headers.get('x-congregation'));
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const list = () =>
      dataProvider.getList('membros', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      });
    await list();
    saveSelection(7);
    expect(localStorage.getItem(SELECTION_KEY)).toBe('7');
    await list();
    await dataProvider.create('membros', { data: { name: 'Ana' } });
    saveSelection(null);
    await list();
    expect(seen).toEqual([null, '7', '7', null]);
  });

  it('is never sent by the public pages', async () => {
    saveSelection(3);
    let header: string | null = 'unset';
    server.use(
      http.get('*/api/public/church', ({ request }) => {
        header = request.headers.get('x-congregation');
        return HttpResponse.json({ name: 'Igreja', logo: null });
      }),
    );
    await httpClient('/api/public/church', { anonymous: true });
    expect(header).toBeNull();
  });

  it('falls back to "Todas" when the server refuses the stored selection (403 on a read)', async () => {
    localStorage.setItem('adamSession', JSON.stringify(SESSION));
    saveSelection(9);
    const seen: Array<string | null> = [];
    server.use(
      http.get('*/api/members', ({ request }) => {
        const header = request.headers.get('x-congregation');
        seen.push(header);
        return header === '9'
          ? HttpResponse.json(
              { success: false, message: 'Você não tem acesso a esta congregação.' },
              { status: 403 },
            )
          : HttpResponse.json([{ id: 1, name: 'Ana' }], {
              headers: { 'Content-Range': 'members 0-0/1' },
            });
      }),
    );
    const response = await httpClient('/api/members');
    expect(response.status).toBe(200);
    expect(seen).toEqual(['9', null]);
    expect(readSelection()).toBeNull();
  });

  it('keeps the selection when the 403 is about something else (a role)', async () => {
    localStorage.setItem('adamSession', JSON.stringify(SESSION));
    saveSelection(4);
    server.use(
      http.get('*/api/incomes', () =>
        HttpResponse.json({ success: false, message: 'Sem permissão.' }, { status: 403 }),
      ),
    );
    await expect(httpClient('/api/incomes')).rejects.toMatchObject({ status: 403 });
    expect(readSelection()).toBe(4);
  });

  it('is forgotten when the session ends', () => {
    saveSelection(5);
    clearSession();
    expect(readSelection()).toBeNull();
  });
});

const CONGREGATIONS = [
  { id: 1, name: 'Sede Central', kind: 'sede', active: true },
  { id: 2, name: 'Congregação Norte', kind: 'congregacao', active: true },
  { id: 3, name: 'Congregação Sul', kind: 'congregacao', active: false },
];

/** A list of another resource, to see it asked again when the selection changes. */
function MembersProbe({ calls }: { calls: number[] }) {
  useGetList('membros', { pagination: { page: 1, perPage: 5 } });
  return <span>{calls.length}</span>;
}

function renderSelector(rows: typeof CONGREGATIONS, memberCalls: number[] = []) {
  const provider = testDataProvider({
    getList: async (resource) => {
      if (resource === 'membros') {
        memberCalls.push(readSelection() ?? 0);
        return { data: [], total: 0 } as never;
      }
      return { data: rows, total: rows.length } as never;
    },
  } as Partial<DataProvider>);
  render(
    <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
      <CongregationSelector />
      <MembersProbe calls={memberCalls} />
      <Notification />
    </AdminContext>,
  );
}

describe('CongregationSelector', { timeout: 20_000 }, () => {
  it('offers "Todas" and each congregation, keeps the choice and refreshes the queries', async () => {
    const memberCalls: number[] = [];
    const user = userEvent.setup();
    renderSelector(CONGREGATIONS, memberCalls);
    const button = await screen.findAllByRole('button', {
      name: 'Congregação exibida: Todas',
    });
    await waitFor(() => expect(memberCalls).toEqual([0]));
    await user.click(button[0]);
    const menu = await screen.findByRole('menu', { name: 'Congregação exibida' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'Todas',
      'Sede CentralSede',
      'Congregação NorteCongregação',
      'Congregação SulCongregação · Inativa',
    ]);
    expect(items[0].getAttribute('aria-checked')).toBe('true');
    // By keyboard: down to "Sede Central", then "Congregação Norte", Enter.
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(readSelection()).toBe(2));
    expect(
      (await screen.findAllByRole('button', { name: 'Congregação exibida: Congregação Norte' }))
        .length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(memberCalls).toEqual([0, 2]));
  });

  it('reads the stored choice, and forgets one the user no longer sees', async () => {
    localStorage.setItem(SELECTION_KEY, '3');
    renderSelector(CONGREGATIONS);
    expect(
      (await screen.findAllByRole('button', { name: 'Congregação exibida: Congregação Sul' }))
        .length,
    ).toBeGreaterThan(0);
    cleanup();
    localStorage.setItem(SELECTION_KEY, '42');
    renderSelector(CONGREGATIONS);
    await waitFor(() => expect(readSelection()).toBeNull());
    expect(await screen.findByText(/não está mais disponível/)).toBeTruthy();
  });

  it('is not shown to a user who sees only one congregation', async () => {
    localStorage.setItem(SELECTION_KEY, '1');
    renderSelector(CONGREGATIONS.slice(0, 1));
    await waitFor(() => expect(readSelection()).toBeNull());
    expect(screen.queryByRole('button', { name: /Congregação exibida/ })).toBeNull();
  });
});
