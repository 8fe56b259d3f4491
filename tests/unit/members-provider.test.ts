// The data provider's calls for the members screens and the church singleton, against an msw
// stand-in for the API: snake_case on the wire, camelCase in the app, session headers sent.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../../src/providers/dataProvider';

const api = (path: string) => `*/api/${path}`;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  localStorage.setItem(
    'adamSession',
    JSON.stringify({
      'access-token': 'token-1',
      client: 'client-1',
      uid: 'sara@igreja.org.br',
      expiry: '1900000000',
      'token-type': 'Bearer',
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

describe('church (singleton: GET/PUT /api/church, no id)', () => {
  it('reads and writes at /api/church with camelCase in the app', async () => {
    const seen: string[] = [];
    let body: unknown;
    server.use(
      http.get(api('church'), ({ request }) => {
        seen.push(`GET ${new URL(request.url).pathname}`);
        return HttpResponse.json({ id: 1, name: 'Igreja Central', pastor_name: 'Pr. Paulo' });
      }),
      http.put(api('church'), async ({ request }) => {
        seen.push(`PUT ${new URL(request.url).pathname}`);
        body = await request.json();
        return HttpResponse.json({ id: 1, name: 'Igreja Nova', pastor_name: 'Pr. Paulo' });
      }),
    );
    const read = await dataProvider.getOne('configuracoes/igreja', { id: 1 });
    expect(read.data).toEqual({ id: 1, name: 'Igreja Central', pastorName: 'Pr. Paulo' });
    const saved = await dataProvider.update('configuracoes/igreja', {
      id: 1,
      data: { name: 'Igreja Nova', credentialValidityMonths: 24 },
      previousData: read.data,
    });
    expect(body).toEqual({ name: 'Igreja Nova', credential_validity_months: 24 });
    expect(saved.data).toMatchObject({ name: 'Igreja Nova', pastorName: 'Pr. Paulo' });
    expect(seen).toEqual(['GET /api/church', 'PUT /api/church']);
  });

  it('hands field errors to the form under camelCase names', async () => {
    server.use(
      http.put(api('church'), () =>
        HttpResponse.json(
          {
            message: 'Dados inválidos.',
            errors: { zip_code: 'CEP inválido: informe os 8 dígitos.' },
          },
          { status: 422 },
        ),
      ),
    );
    await expect(
      dataProvider.update('configuracoes/igreja', { id: 1, data: {}, previousData: { id: 1 } }),
    ).rejects.toMatchObject({
      status: 422,
      body: { errors: { zipCode: 'CEP inválido: informe os 8 dígitos.' } },
    });
  });
});

describe('members', () => {
  it('sends a bulk action in snake_case with the session headers', async () => {
    let body: unknown;
    let token: string | null = null;
    server.use(
      http.post(api('members/bulk'), async ({ request }) => {
        body = await request.json();
        token = request.headers.get('access-token');
        return HttpResponse.json({ updated: 2 });
      }),
    );
    const result = await dataProvider.bulkUpdateMembers({
      ids: [3, 4],
      action: 'add_department',
      departmentId: 7,
    });
    expect(result).toEqual({ updated: 2 });
    expect(body).toEqual({ ids: [3, 4], action: 'add_department', department_id: 7 });
    expect(token).toBe('token-1');
  });

  it('exports the filtered list as CSV with the API names of filters and sort', async () => {
    let query: URLSearchParams | null = null;
    server.use(
      http.get(api('members/export'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return new HttpResponse('Nome;CPF\nJoão;529.982.247-25\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const blob = await dataProvider.exportMembersCsv({
      filter: { q: 'joao', departmentId: 2, admissionDateGte: '2020-01-01' },
      sort: { field: 'birthDate', order: 'DESC' },
    });
    expect(JSON.parse(query!.get('filter')!)).toEqual({
      q: 'joao',
      department_id: 2,
      admission_date_gte: '2020-01-01',
    });
    expect(JSON.parse(query!.get('sort')!)).toEqual(['birth_date', 'DESC']);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    // UTF-8 byte order mark first, for spreadsheet programs.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Nome;CPF\nJoão;529.982.247-25\n');
  });

  it('camelCases the keys inside custom_fields and back on save', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.get(api('members/5'), () =>
        HttpResponse.json({
          id: 5,
          name: 'Ana',
          custom_fields: { data_de_conversao: '1999-01-01' },
        }),
      ),
      http.put(api('members/5'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 5, ...body });
      }),
    );
    const { data } = await dataProvider.getOne('membros', { id: 5 });
    expect(data.customFields).toEqual({ dataDeConversao: '1999-01-01' });
    await dataProvider.update('membros', { id: 5, data, previousData: data });
    expect(body.custom_fields).toEqual({ data_de_conversao: '1999-01-01' });
  });
});

describe('member import (typed calls; camelCase, the sheet’s own headers and names kept)', () => {
  const answer = {
    id: 9,
    status: 'checked',
    file_name: 'membros.csv',
    headers: ['Nome_completo', 'Data de nascimento'],
    mapping: { Nome_completo: 'name', 'Data de nascimento': 'birth_date' },
    total_rows: 2,
    rows_total: 1,
    rows_cleared: false,
    ignored_rows: [{ row_number: 4, text: 'TOTAL: 2' }],
    rows: [
      {
        row_number: 2,
        name: 'Ana',
        values: { birth_date: '1990-01-31', phone_mobile: '11987654321' },
        duplicate: {
          kind: 'cpf',
          member_id: 3,
          member_name: 'Ana Souza',
          row: null,
          outside: false,
        },
      },
    ],
  };

  it('uploads the sheet with its options and reads the answer in camelCase', async () => {
    let form: FormData | null = null;
    server.use(
      http.post(api('imports/members'), async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json(answer);
      }),
    );
    const file = new File(['Nome_completo;Data de nascimento\n'], 'membros.csv');
    const state = await dataProvider.uploadMemberImport(file, {
      dryRun: true,
      duplicateAction: 'update',
      choices: { 2: 'skip' },
      mapping: { Nome_completo: 'name' },
      lookups: { positions: { Diácono_geral: 'create' }, departments: {}, congregations: {} },
      congregationId: 3,
    });
    expect(form!.get('dry_run')).toBe('true');
    expect(form!.get('duplicate_action')).toBe('update');
    expect(JSON.parse(String(form!.get('choices')))).toEqual({ 2: 'skip' });
    expect(JSON.parse(String(form!.get('mapping')))).toEqual({ Nome_completo: 'name' });
    expect(JSON.parse(String(form!.get('lookups'))).positions).toEqual({ Diácono_geral: 'create' });
    expect(form!.get('congregation_id')).toBe('3');
    // The file goes last, after the options (jsdom's File reaches msw without its contents).
    expect([...form!.keys()].at(-1)).toBe('file');
    expect(state.fileName).toBe('membros.csv');
    expect(state.totalRows).toBe(2);
    expect(state.ignoredRows).toEqual([{ rowNumber: 4, text: 'TOTAL: 2' }]);
    // The mapping is keyed by the sheet's headers: never renamed.
    expect(state.mapping).toEqual({ Nome_completo: 'name', 'Data de nascimento': 'birth_date' });
    expect(state.rows[0].rowNumber).toBe(2);
    expect(state.rows[0].values).toEqual({ birthDate: '1990-01-31', phoneMobile: '11987654321' });
    expect(state.rows[0].duplicate?.memberName).toBe('Ana Souza');
  });

  it('reads a page of an import’s rows and undoes it', async () => {
    let query: URLSearchParams | null = null;
    let undone = false;
    server.use(
      http.get(api('imports/9'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(answer);
      }),
      http.delete(api('imports/9'), () => {
        undone = true;
        return HttpResponse.json({
          status: 'undone',
          deleted: 1,
          restored: 0,
          kept_count: 1,
          kept: [
            { row_number: 3, member_id: null, name: null, reason: 'Fora das suas congregações' },
          ],
        });
      }),
    );
    const state = await dataProvider.memberImport(9, { offset: 50, limit: 50, only: 'errors' });
    expect(Object.fromEntries(query!)).toEqual({ offset: '50', limit: '50', only: 'errors' });
    expect(state.rowsTotal).toBe(1);
    const result = await dataProvider.undoMemberImport(9);
    expect(undone).toBe(true);
    expect(result.keptCount).toBe(1);
    expect(result.kept[0].rowNumber).toBe(3);
  });
});
