// A church-wide department is one with no congregation: its form's congregation input must not
// fill in the only choice (a church with only its sede would file every department there, and
// editing a church-wide one would move it into the sede unseen).
import { useEffect } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminContext, type DataProvider, Form, testDataProvider } from 'react-admin';
import { useFormContext, type UseFormReturn } from 'react-hook-form';
import { CongregationInput } from '../../src/ui/inputs';
import { i18nProvider } from '../../src/i18n';

const SEDE = { id: 1, name: 'Sede Central', kind: 'sede', active: true };

let form: UseFormReturn | null = null;
function FormSpy() {
  const methods = useFormContext();
  useEffect(() => {
    form = methods;
  });
  return null;
}

const onlySede = testDataProvider({
  getList: async () => ({ data: [SEDE], total: 1 }) as never,
  getMany: async () => ({ data: [SEDE] }) as never,
} as Partial<DataProvider>);

function renderWith(fillOnlyChoice: boolean, record?: Record<string, unknown>) {
  render(
    <AdminContext dataProvider={onlySede} i18nProvider={i18nProvider}>
      <Form record={record as never}>
        <CongregationInput required={false} fillOnlyChoice={fillOnlyChoice} />
        <FormSpy />
      </Form>
    </AdminContext>,
  );
}

afterEach(() => {
  cleanup();
  form = null;
});

describe('CongregationInput without filling the only choice', () => {
  it('leaves a new church-wide record empty, and a stored one as it was', async () => {
    renderWith(false);
    await screen.findByRole('combobox');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form!.getValues().congregationId ?? null).toBeNull();
    cleanup();
    renderWith(false, { id: 4, name: 'Louvor', congregationId: null });
    await screen.findByRole('combobox');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form!.getValues().congregationId).toBeNull();
    expect(form!.formState.isDirty).toBe(false);
  });

  it('fills it by default (the member form of a church with only its sede)', async () => {
    renderWith(true);
    await screen.findByRole('combobox');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form!.getValues().congregationId).toBe(1);
  });
});
