import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdminContext,
  FilterLiveForm,
  Form,
  ListContextProvider,
  TextInput,
  useFormIsDirty,
  type ListControllerResult,
  type RaRecord,
} from 'react-admin';
import { useFormContext, type UseFormReturn } from 'react-hook-form';
import { INPUT_DEBOUNCE_MS } from '../../domain/constants';
import { DateFilterInput, DateTextField, DateTextInput } from '../../src/ui/inputs';

const renderStrict = (children: ReactNode) => render(children, { wrapper: StrictMode });

/** The input of a field, found as a user finds it: by its label. */
const field = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });

/** Backspace until the field is empty (the mask's slashes go too). */
async function erase(user: UserEvent, element: HTMLInputElement) {
  await user.click(element);
  for (let keys = 0; element.value !== '' && keys < 12; keys++) {
    await user.keyboard('{Backspace}');
  }
}

const invalid = (label: string) => field(label).getAttribute('aria-invalid') === 'true';
const waitDebounce = () =>
  act(() => new Promise((done) => setTimeout(done, INPUT_DEBOUNCE_MS + 50)));

afterEach(cleanup);

describe('DateTextField (a date outside a react-admin form)', () => {
  /** The field with its value held by the test, as Statement holds its period. */
  function Holder({
    initial,
    onChange,
  }: {
    initial: string;
    onChange: (v: string | null) => void;
  }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <DateTextField
          name="from"
          label="De"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next ?? '');
          }}
        />
        <button type="button" onClick={() => setValue('2026-01-31')}>
          janeiro
        </button>
      </>
    );
  }

  it('reports a date only once it is complete, without an error while it is typed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderStrict(<Holder initial="" onChange={onChange} />);
    const from = field('De');
    await user.type(from, '1203');
    expect(from.value).toBe('12/03');
    expect(invalid('De')).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
    await user.type(from, '2026');
    expect(from.value).toBe('12/03/2026');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('2026-03-12');
    expect(invalid('De')).toBe(false);
  });

  it('marks a date that does not exist, and does not report it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderStrict(<Holder initial="" onChange={onChange} />);
    await user.type(field('De'), '31022026');
    expect(invalid('De')).toBe(true);
    expect(screen.getByText('Data inválida: use DD/MM/AAAA.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('marks a date left incomplete', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderStrict(<Holder initial="" onChange={onChange} />);
    await user.type(field('De'), '120');
    expect(invalid('De')).toBe(false);
    await user.tab();
    expect(field('De')).not.toBe(document.activeElement);
    expect(invalid('De')).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows its value as DD/MM/AAAA, follows a new one and reports null once emptied', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderStrict(<Holder initial="2026-03-05" onChange={onChange} />);
    const from = field('De');
    expect(from.value).toBe('05/03/2026');
    await user.click(screen.getByRole('button', { name: 'janeiro' }));
    expect(from.value).toBe('31/01/2026');
    expect(onChange).not.toHaveBeenCalled();
    await erase(user, from);
    expect(from.value).toBe('');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(null);
    expect(invalid('De')).toBe(false);
  });
});

describe('DateFilterInput (a date in a list filter form)', () => {
  function Filters(props: { filterValues: Record<string, unknown>; setFilters: () => void }) {
    const list = { ...props, displayedFilters: {} } as unknown as ListControllerResult;
    return (
      <AdminContext>
        <ListContextProvider value={list}>
          <FilterLiveForm debounce={INPUT_DEBOUNCE_MS} resource="financeiro/lancamentos">
            <DateFilterInput source="dateGte" label="De" helperText={false} />
            <TextInput source="q" label="Busca" helperText={false} />
          </FilterLiveForm>
        </ListContextProvider>
      </AdminContext>
    );
  }

  it('applies nothing while the date is half typed, then the complete date', async () => {
    const user = userEvent.setup();
    const setFilters = vi.fn();
    renderStrict(<Filters filterValues={{}} setFilters={setFilters} />);
    const from = field('De');
    await user.type(from, '120');
    await waitDebounce();
    expect(from.value).toBe('12/0');
    expect(invalid('De')).toBe(false);
    expect(setFilters).not.toHaveBeenCalled();
    await user.type(from, '32026');
    await waitDebounce();
    expect(setFilters).toHaveBeenCalledTimes(1);
    expect(setFilters.mock.calls[0][0]).toMatchObject({ dateGte: '2026-03-12' });
  });

  it('lets the other filters apply while a date is half typed', async () => {
    const user = userEvent.setup();
    const setFilters = vi.fn();
    renderStrict(<Filters filterValues={{}} setFilters={setFilters} />);
    await user.type(field('De'), '1203');
    await user.type(field('Busca'), 'aluguel');
    await waitDebounce();
    expect(setFilters).toHaveBeenCalledTimes(1);
    const applied = setFilters.mock.calls[0][0] as Record<string, unknown>;
    expect(applied.q).toBe('aluguel');
    expect(applied.dateGte || null).toBeNull();
  });

  it('shows the applied filter as DD/MM/AAAA and removes it once emptied', async () => {
    const user = userEvent.setup();
    const setFilters = vi.fn();
    renderStrict(<Filters filterValues={{ dateGte: '2026-03-01' }} setFilters={setFilters} />);
    const from = field('De');
    expect(from.value).toBe('01/03/2026');
    await erase(user, from);
    await waitDebounce();
    expect(setFilters).toHaveBeenCalledTimes(1);
    expect(setFilters.mock.calls[0][0].dateGte || null).toBeNull();
  });

  it('follows filters changed elsewhere (e.g. cleared)', () => {
    const setFilters = vi.fn();
    const { rerender } = renderStrict(
      <Filters filterValues={{ dateGte: '2026-03-01' }} setFilters={setFilters} />,
    );
    expect(field('De').value).toBe('01/03/2026');
    rerender(<Filters filterValues={{}} setFilters={setFilters} />);
    expect(field('De').value).toBe('');
    rerender(<Filters filterValues={{ dateGte: '2025-12-25' }} setFilters={setFilters} />);
    expect(field('De').value).toBe('25/12/2025');
    expect(setFilters).not.toHaveBeenCalled();
  });
});

describe('DateTextInput (a date in a react-admin form)', () => {
  let form: UseFormReturn | null = null;
  let dirty = false;
  function FormSpy() {
    const methods = useFormContext();
    const isDirty = useFormIsDirty();
    useEffect(() => {
      form = methods;
      dirty = isDirty;
    });
    return null;
  }

  function renderForm(record: Partial<RaRecord>) {
    renderStrict(
      <AdminContext>
        <Form record={record}>
          <DateTextInput source="paidOn" label="Pago em" />
          <FormSpy />
        </Form>
      </AdminContext>,
    );
  }

  it('shows a default date as DD/MM/AAAA without marking the form dirty', () => {
    renderForm({ paidOn: '2026-03-05' });
    expect(field('Pago em').value).toBe('05/03/2026');
    expect(dirty).toBe(false);
  });

  it('shows a date the form proposes itself (e.g. today once "paid" is ticked)', async () => {
    renderForm({});
    await act(async () => form!.setValue('paidOn', '2026-07-14'));
    expect(field('Pago em').value).toBe('14/07/2026');
  });

  it('keeps an incomplete date for its validator to refuse', async () => {
    const user = userEvent.setup();
    renderForm({});
    await user.type(field('Pago em'), '0503');
    expect(form!.getValues().paidOn).toBe('0503');
    await act(async () => {
      await form!.trigger('paidOn');
    });
    expect(screen.getByText('Data inválida: use DD/MM/AAAA.')).toBeTruthy();
  });
});
