// The user form's congregations (issue 12): a multi-select for non-admins (empty = the whole
// church), a note for an admin, whose form never sends congregations.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type DataProvider, Form, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { UserInputs, userPayload } from '../../src/features/settings/users/UserInputs';
import { i18nProvider } from '../../src/i18n';

const CONGREGATIONS = [
  { id: 1, name: 'Sede Central', kind: 'sede', active: true },
  { id: 2, name: 'Congregação Norte', kind: 'congregacao', active: true },
];

const provider = testDataProvider({
  getList: async () => ({ data: CONGREGATIONS, total: 2 }) as never,
  getMany: async (_resource, params) =>
    ({ data: CONGREGATIONS.filter((row) => params.ids.includes(row.id)) }) as never,
} as Partial<DataProvider>);

function renderForm(record: Record<string, unknown>) {
  render(
    <AdminContext dataProvider={provider} i18nProvider={i18nProvider}>
      <Form record={record as never} resource="configuracoes/usuarios">
        <UserInputs creating={false} />
      </Form>
    </AdminContext>,
  );
}

afterEach(cleanup);

describe('user form: congregations', () => {
  it('a secretary is limited to the congregations chosen; none reads "Toda a igreja"', async () => {
    renderForm({
      id: 5,
      name: 'Ana',
      email: 'ana@igreja.org',
      roles: ['secretary'],
      congregationIds: [],
    });
    const input = await screen.findByRole('combobox', { name: /Congregações/ });
    expect(input.getAttribute('placeholder')).toBe('Toda a igreja');
    const user = userEvent.setup();
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Congregação Norte' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Congregação Norte/ })).toBeTruthy(),
    );
  }, 20_000);

  it('an admin sees the whole church: a note instead of the input', async () => {
    const user = userEvent.setup();
    renderForm({
      id: 6,
      name: 'Bia',
      email: 'bia@igreja.org',
      roles: ['secretary'],
      congregationIds: [2],
    });
    await screen.findByRole('combobox', { name: /Congregações/ });
    await user.click(screen.getByRole('checkbox', { name: 'Administrador' }));
    expect(await screen.findByText(/Administradores veem a igreja inteira/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Congregações/ })).toBeNull();
  }, 20_000);

  it('the payload drops an admin’s congregations', () => {
    expect(userPayload({ roles: ['admin'], congregationIds: [2] }).congregationIds).toEqual([]);
    expect(userPayload({ roles: ['secretary'], congregationIds: [2] }).congregationIds).toEqual([
      2,
    ]);
  });
});
