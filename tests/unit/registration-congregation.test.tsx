// /meu_cadastro and the congregations (issue 12): asked only when the church has several active
// ones, pre-selected from ?congregacao=<slug>, an unknown slug said and the choice left open;
// the chosen id goes out as congregation_id.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import RegistrationPage from '../../src/features/public/RegistrationPage';
import { dataProvider } from '../../src/providers/dataProvider';
import { i18nProvider } from '../../src/i18n';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const SEDE = { id: 1, name: 'Sede Central', slug: 'sede', kind: 'sede' };
const VILA = { id: 4, name: 'Congregação Vila Nova', slug: 'vila-nova', kind: 'congregacao' };

function serve(congregations: object[], sent: Array<Record<string, unknown>> = []) {
  server.use(
    http.get('*/api/public/church', () =>
      HttpResponse.json({
        name: 'Igreja Esperança',
        logo: null,
        congregations,
        consent: {
          id: 3,
          version: 2,
          text: 'Autorizo esta igreja (Igreja Esperança) a guardar os meus dados.',
          guardian_text: 'Sou o responsável legal e autorizo.',
        },
      }),
    ),
    http.get('*/api/public/custom_fields', () => HttpResponse.json([])),
    http.post('*/api/public/registrations', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ success: true, message: 'ok' }, { status: 201 });
    }),
  );
  return sent;
}

function renderPage(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <RegistrationPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

async function fillAndSend() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Rute Nova');
  await user.type(screen.getByRole('textbox', { name: /^Data de nascimento/ }), '10031992');
  await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'rute@exemplo.com');
  await user.click(screen.getByRole('checkbox', { name: /Autorizo esta igreja/ }));
  await user.click(screen.getByRole('button', { name: 'Enviar cadastro' }));
  return user;
}

describe('/meu_cadastro: congregação', () => {
  it('pre-selects the congregation of the link and sends its id', async () => {
    const sent = serve([SEDE, VILA]);
    renderPage('/meu_cadastro?congregacao=vila-nova');
    const choice = await screen.findByRole('combobox', { name: /^Congregação/ });
    expect(choice.textContent).toContain('Congregação Vila Nova');
    await fillAndSend();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].congregation_id).toBe(4);
    // The consent is to the version the page showed.
    expect(sent[0].consent_version_id).toBe(3);
  }, 20_000);

  it('an unknown link says so and leaves the choice open (required)', async () => {
    const sent = serve([SEDE, VILA]);
    renderPage('/meu_cadastro?congregacao=nao-existe');
    expect(await screen.findByText(/Não encontramos a congregação deste link/)).toBeTruthy();
    const choice = await screen.findByRole('combobox', { name: /^Congregação/ });
    expect(choice.textContent).not.toContain('Vila');
    const user = await fillAndSend();
    expect((await screen.findAllByText('Obrigatório')).length).toBeGreaterThan(0);
    expect(sent).toEqual([]);
    await user.click(choice);
    await user.click(await screen.findByRole('option', { name: 'Sede Central' }));
    await user.click(screen.getByRole('button', { name: 'Enviar cadastro' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].congregation_id).toBe(1);
  }, 20_000);

  it('does not ask when the church has one congregation', async () => {
    const sent = serve([SEDE]);
    renderPage('/meu_cadastro?congregacao=qualquer');
    await screen.findByRole('textbox', { name: /^Nome/ });
    expect(screen.queryByRole('combobox', { name: /^Congregação/ })).toBeNull();
    expect(screen.queryByText(/Não encontramos a congregação/)).toBeNull();
    await fillAndSend();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].congregation_id).toBeUndefined();
  }, 20_000);
});
