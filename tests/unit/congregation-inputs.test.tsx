// The shared congregation input and field (issue 12): the active congregations the API offers,
// the only one picked for the user, required unless told otherwise; the field shows the name.
import { useEffect, type ReactNode } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AdminContext,
  type DataProvider,
  Form,
  RecordContextProvider,
  SaveButton,
  testDataProvider,
} from 'react-admin';
import { useFormContext, type UseFormReturn } from 'react-hook-form';
import { CongregationInput } from '../../src/ui/inputs';
import { CongregationField } from '../../src/ui/CongregationField';
import { i18nProvider } from '../../src/i18n';

const SEDE = { id: 1, name: 'Sede Central', kind: 'sede', active: true };
const NORTE = { id: 2, name: 'Congregação Zona Norte', kind: 'congregacao', active: true };

let form: UseFormReturn | null = null;
function FormSpy() {
  const methods = useFormContext();
  useEffect(() => {
    form = methods;
  });
  return null;
}

/** A data provider answering the congregations `rows`, recording each list's params. */
function provider(rows: Array<typeof SEDE>, calls: unknown[] = []) {
  return testDataProvider({
    getList: async (_resource, params) => {
      calls.push(params);
      const q = String((params.filter as { q?: string }).q ?? '').toLowerCase();
      const found = rows.filter((row) => row.name.toLowerCase().includes(q));
      return { data: found, total: found.length } as never;
    },
    getMany: async (_resource, params) =>
      ({ data: rows.filter((row) => params.ids.includes(row.id)) }) as never,
  } as Partial<DataProvider>);
}

function renderForm(
  children: ReactNode,
  dataProvider: DataProvider,
  record?: Record<string, unknown>,
  onSubmit?: (values: Record<string, unknown>) => void,
) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <Form record={record as never} onSubmit={onSubmit}>
        {children}
        <SaveButton alwaysEnable />
        <FormSpy />
      </Form>
    </AdminContext>,
  );
}

afterEach(() => {
  cleanup();
  form = null;
});

describe('CongregationInput', { timeout: 20_000 }, () => {
  it('asks the API for active congregations and offers them by name', async () => {
    const calls: unknown[] = [];
    const user = userEvent.setup();
    renderForm(<CongregationInput />, provider([SEDE, NORTE], calls));
    const input = await screen.findByRole('combobox', { name: /Congregação/ });
    expect(calls[0]).toMatchObject({ filter: { active: true } });
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Congregação Zona Norte' }));
    await waitFor(() => expect(form!.getValues().congregationId).toBe(2));
  });

  it('is required by default: saving without one shows the message', async () => {
    const submitted: unknown[] = [];
    const user = userEvent.setup();
    renderForm(<CongregationInput />, provider([SEDE, NORTE]), undefined, (values) =>
      submitted.push(values),
    );
    await screen.findByRole('combobox', { name: /Congregação/ });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(submitted).toEqual([]);
  });

  it('pre-selects the only congregation a scoped user has', async () => {
    renderForm(<CongregationInput />, provider([NORTE]));
    await waitFor(() => expect(form?.getValues().congregationId).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('Congregação Zona Norte'),
    );
  });

  it('keeps a stored choice and leaves the field empty when there are several', async () => {
    renderForm(<CongregationInput />, provider([NORTE]), { id: 9, congregationId: 1 });
    await screen.findByRole('combobox');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form!.getValues().congregationId).toBe(1);
    cleanup();
    renderForm(<CongregationInput />, provider([SEDE, NORTE]));
    await screen.findByRole('combobox');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form!.getValues().congregationId ?? null).toBeNull();
  });

  it('may be optional (a church-wide record)', async () => {
    const submitted: Array<Record<string, unknown>> = [];
    const user = userEvent.setup();
    renderForm(
      <CongregationInput required={false} source="congregationId" />,
      provider([SEDE, NORTE]),
      undefined,
      (values) => submitted.push(values),
    );
    await screen.findByRole('combobox');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
  });
});

describe('CongregationField', { timeout: 20_000 }, () => {
  it('shows the record’s congregation_name, or a dash', () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RecordContextProvider value={{ id: 1, congregationName: 'Sede Central' }}>
          <CongregationField />
        </RecordContextProvider>
        <RecordContextProvider value={{ id: 2 }}>
          <CongregationField />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(screen.getByText('Sede Central')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });
});
