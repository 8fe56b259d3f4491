import { act, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { fireEvent } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { backspace, typeInto } from './keyboard';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let root: Root | null = null;
let container: HTMLDivElement | null = null;

async function render(children: ReactNode) {
  if (!container) {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  }
  await act(async () => root!.render(<StrictMode>{children}</StrictMode>));
}

function input(name: string): HTMLInputElement {
  const element = container!.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`no input named ${name}`);
  return element;
}

/** Backspace until the field is empty (the mask's slashes go too). */
async function erase(element: HTMLInputElement) {
  for (let keys = 0; element.value !== '' && keys < 12; keys++) await backspace(element);
}

const invalid = (name: string) => input(name).getAttribute('aria-invalid') === 'true';
const waitDebounce = () =>
  act(() => new Promise((done) => setTimeout(done, INPUT_DEBOUNCE_MS + 50)));

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  root = null;
  container = null;
});

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
    const onChange = vi.fn();
    await render(<Holder initial="" onChange={onChange} />);
    const field = input('from');
    await typeInto(field, '1203');
    expect(field.value).toBe('12/03');
    expect(invalid('from')).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
    await typeInto(field, '2026');
    expect(field.value).toBe('12/03/2026');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('2026-03-12');
    expect(invalid('from')).toBe(false);
  });

  it('marks a date that does not exist, and does not report it', async () => {
    const onChange = vi.fn();
    await render(<Holder initial="" onChange={onChange} />);
    await typeInto(input('from'), '31022026');
    expect(invalid('from')).toBe(true);
    expect(container!.textContent).toContain('Data inválida: use DD/MM/AAAA');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('marks a date left incomplete', async () => {
    const onChange = vi.fn();
    await render(<Holder initial="" onChange={onChange} />);
    const field = input('from');
    await typeInto(field, '120');
    expect(invalid('from')).toBe(false);
    await act(async () => field.blur());
    expect(invalid('from')).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows its value as DD/MM/AAAA, follows a new one and reports null once emptied', async () => {
    const onChange = vi.fn();
    await render(<Holder initial="2026-03-05" onChange={onChange} />);
    const field = input('from');
    expect(field.value).toBe('05/03/2026');
    await act(async () => container!.querySelector('button')!.click());
    expect(field.value).toBe('31/01/2026');
    expect(onChange).not.toHaveBeenCalled();
    await erase(field);
    expect(field.value).toBe('');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(null);
    expect(invalid('from')).toBe(false);
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
    const setFilters = vi.fn();
    await render(<Filters filterValues={{}} setFilters={setFilters} />);
    const field = input('dateGte');
    await typeInto(field, '120');
    await waitDebounce();
    expect(field.value).toBe('12/0');
    expect(invalid('dateGte')).toBe(false);
    expect(setFilters).not.toHaveBeenCalled();
    await typeInto(field, '32026');
    await waitDebounce();
    expect(setFilters).toHaveBeenCalledTimes(1);
    expect(setFilters.mock.calls[0][0]).toMatchObject({ dateGte: '2026-03-12' });
  });

  it('lets the other filters apply while a date is half typed', async () => {
    const setFilters = vi.fn();
    await render(<Filters filterValues={{}} setFilters={setFilters} />);
    await typeInto(input('dateGte'), '1203');
    await act(async () => {
      fireEvent.change(input('q'), { target: { value: 'aluguel' } });
    });
    await waitDebounce();
    expect(setFilters).toHaveBeenCalledTimes(1);
    const applied = setFilters.mock.calls[0][0] as Record<string, unknown>;
    expect(applied.q).toBe('aluguel');
    expect(applied.dateGte || null).toBeNull();
  });

  it('shows the applied filter as DD/MM/AAAA and removes it once emptied', async () => {
    const setFilters = vi.fn();
    await render(<Filters filterValues={{ dateGte: '2026-03-01' }} setFilters={setFilters} />);
    const field = input('dateGte');
    expect(field.value).toBe('01/03/2026');
    await erase(field);
    await waitDebounce();
    expect(setFilters).toHaveBeenCalledTimes(1);
    expect(setFilters.mock.calls[0][0].dateGte || null).toBeNull();
  });

  it('follows filters changed elsewhere (e.g. cleared)', async () => {
    const setFilters = vi.fn();
    await render(<Filters filterValues={{ dateGte: '2026-03-01' }} setFilters={setFilters} />);
    expect(input('dateGte').value).toBe('01/03/2026');
    await render(<Filters filterValues={{}} setFilters={setFilters} />);
    expect(input('dateGte').value).toBe('');
    await render(<Filters filterValues={{ dateGte: '2025-12-25' }} setFilters={setFilters} />);
    expect(input('dateGte').value).toBe('25/12/2025');
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

  async function renderForm(record: Partial<RaRecord>) {
    await render(
      <AdminContext>
        <Form record={record}>
          <DateTextInput source="paidOn" label="Pago em" />
          <FormSpy />
        </Form>
      </AdminContext>,
    );
  }

  it('shows a default date as DD/MM/AAAA without marking the form dirty', async () => {
    await renderForm({ paidOn: '2026-03-05' });
    expect(input('paidOn').value).toBe('05/03/2026');
    expect(dirty).toBe(false);
  });

  it('shows a date the form proposes itself (e.g. today once "paid" is ticked)', async () => {
    await renderForm({});
    await act(async () => form!.setValue('paidOn', '2026-07-14'));
    expect(input('paidOn').value).toBe('14/07/2026');
  });

  it('keeps an incomplete date for its validator to refuse', async () => {
    await renderForm({});
    await typeInto(input('paidOn'), '0503');
    expect(form!.getValues().paidOn).toBe('0503');
    await act(async () => {
      await form!.trigger('paidOn');
    });
    expect(container!.textContent).toContain('Data inválida: use DD/MM/AAAA');
  });
});
