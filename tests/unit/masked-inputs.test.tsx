import { act, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { fireEvent } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminContext, Form, useFormIsDirty, type RaRecord } from 'react-admin';
import { useFormContext, type UseFormReturn } from 'react-hook-form';
import {
  CnpjInput,
  CpfInput,
  DebouncedSearchInput,
  MoneyInput,
  PhoneInput,
  ZipCodeInput,
  parseMoneyInput,
} from '../../src/ui/inputs';
import { INPUT_DEBOUNCE_MS } from '../../domain/constants';
import { backspace, typeInto } from './keyboard';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let root: Root | null = null;
let container: HTMLDivElement | null = null;
let form: UseFormReturn | null = null;
let formIsDirty = false;

function FormSpy() {
  const methods = useFormContext();
  // read during render so react-hook-form tracks dirtiness for this component
  const dirty = useFormIsDirty();
  useEffect(() => {
    form = methods;
    formIsDirty = dirty;
  });
  return null;
}

async function render(children: ReactNode, record?: Partial<RaRecord>) {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <StrictMode>
        <AdminContext>
          <Form record={record}>
            {children}
            <FormSpy />
          </Form>
        </AdminContext>
      </StrictMode>,
    );
  });
}

function input(name: string): HTMLInputElement {
  const element = container!.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`no input named ${name}`);
  return element;
}

const values = () => form!.getValues();
const isDirty = () => formIsDirty;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  form = null;
  formIsDirty = false;
  vi.useRealTimers();
});

describe('MoneyInput', () => {
  it('fills the centavos first and stores integer centavos', async () => {
    await render(<MoneyInput source="amount_cents" label="Valor" />);
    const field = input('amount_cents');
    await typeInto(field, '123456');
    expect(field.value).toBe('1.234,56');
    expect(values().amount_cents).toBe(123456);
    expect(container!.textContent).toContain('R$');
    expect(field.value).not.toContain('R$');
  });

  it('shows a loaded value formatted without marking the form dirty', async () => {
    await render(<MoneyInput source="amount_cents" label="Valor" />, {
      id: 1,
      amount_cents: 123456,
    });
    const field = input('amount_cents');
    expect(field.value).toBe('1.234,56');
    expect(values().amount_cents).toBe(123456);
    expect(isDirty()).toBe(false);
  });

  it('removes the last digit on backspace and empties the field from zero', async () => {
    await render(<MoneyInput source="amount_cents" label="Valor" />, { id: 1, amount_cents: 5 });
    const field = input('amount_cents');
    expect(field.value).toBe('0,05');
    await typeInto(field, '0');
    expect(field.value).toBe('0,50');
    expect(values().amount_cents).toBe(50);
    expect(isDirty()).toBe(true);
    await backspace(field);
    expect(field.value).toBe('0,05');
    expect(isDirty()).toBe(false);
    await backspace(field);
    expect(field.value).toBe('');
    expect(values().amount_cents).toBeNull();
  });

  it('ignores characters that do not change the amount', async () => {
    await render(<MoneyInput source="amount_cents" label="Valor" />, { id: 1, amount_cents: 100 });
    const field = input('amount_cents');
    await typeInto(field, ',');
    expect(field.value).toBe('1,00');
    await typeInto(field, 'x');
    expect(field.value).toBe('1,00');
    expect(values().amount_cents).toBe(100);
  });

  it('parses typed text as centavos', () => {
    expect(parseMoneyInput('1.234,56')).toBe(123456);
    expect(parseMoneyInput('0,00')).toBeNull();
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('-0,05')).toBe(5);
    expect(parseMoneyInput('-0,05', true)).toBe(-5);
  });
});

describe('CpfInput', () => {
  it('shows the mask and stores the 11 digits', async () => {
    await render(<CpfInput source="cpf" label="CPF" />);
    const field = input('cpf');
    await typeInto(field, '52998224725');
    expect(field.value).toBe('529.982.247-25');
    expect(values().cpf).toBe('52998224725');
  });

  it('refuses letters and extra digits', async () => {
    await render(<CpfInput source="cpf" label="CPF" />);
    const field = input('cpf');
    await typeInto(field, '529a98224725999');
    expect(field.value).toBe('529.982.247-25');
    expect(values().cpf).toBe('52998224725');
  });

  it('shows a loaded value formatted without marking the form dirty', async () => {
    await render(<CpfInput source="cpf" label="CPF" />, { id: 1, cpf: '52998224725' });
    expect(input('cpf').value).toBe('529.982.247-25');
    expect(isDirty()).toBe(false);
  });

  it('shows the values of a reset without marking the form dirty', async () => {
    await render(<CpfInput source="cpf" label="CPF" />, { id: 1, cpf: '52998224725' });
    await act(async () => form!.reset({ id: 2, cpf: '12345678909' }));
    expect(input('cpf').value).toBe('123.456.789-09');
    expect(isDirty()).toBe(false);
    await act(async () => form!.reset({ id: 3, cpf: null }));
    expect(input('cpf').value).toBe('');
    expect(isDirty()).toBe(false);
  });

  it('stores null when erased', async () => {
    await render(<CpfInput source="cpf" label="CPF" />, { id: 1, cpf: '529' });
    const field = input('cpf');
    expect(field.value).toBe('529');
    await backspace(field);
    await backspace(field);
    await backspace(field);
    expect(field.value).toBe('');
    expect(values().cpf).toBeNull();
  });

  it('shows a field error in Portuguese for wrong check digits', async () => {
    await render(<CpfInput source="cpf" label="CPF" />);
    await typeInto(input('cpf'), '52998224724');
    await act(async () => {
      await form!.trigger('cpf');
    });
    expect(container!.textContent).toContain('CPF inválido');
  });
});

describe('CnpjInput', () => {
  it('accepts letters in the first 12 positions and stores them uppercase', async () => {
    await render(<CnpjInput source="cnpj" label="CNPJ" />);
    const field = input('cnpj');
    await typeInto(field, '12abc34501deXX35');
    expect(field.value).toBe('12.ABC.345/01DE-35');
    expect(values().cnpj).toBe('12ABC34501DE35');
    await act(async () => {
      await form!.trigger('cnpj');
    });
    expect(container!.textContent).not.toContain('CNPJ inválido');
  });

  it('shows a loaded numeric CNPJ formatted', async () => {
    await render(<CnpjInput source="cnpj" label="CNPJ" />, { id: 1, cnpj: '11222333000181' });
    expect(input('cnpj').value).toBe('11.222.333/0001-81');
    expect(isDirty()).toBe(false);
  });
});

describe('PhoneInput', () => {
  it('uses the 10-digit mask, then the 11-digit one', async () => {
    await render(<PhoneInput source="phone" label="Telefone" />);
    const field = input('phone');
    await typeInto(field, '1198765432');
    expect(field.value).toBe('(11) 9876-5432');
    expect(values().phone).toBe('1198765432');
    await typeInto(field, '1');
    expect(field.value).toBe('(11) 98765-4321');
    expect(values().phone).toBe('11987654321');
  });

  it('formats toll-free numbers', async () => {
    await render(<PhoneInput source="phone" label="Telefone" />, {
      id: 1,
      phone: '08001234567',
    });
    expect(input('phone').value).toBe('0800 123 4567');
    expect(isDirty()).toBe(false);
  });
});

describe('ZipCodeInput', () => {
  it('shows NN.NNN-NNN and stores 8 digits', async () => {
    await render(<ZipCodeInput source="zip_code" label="CEP" />);
    const field = input('zip_code');
    await typeInto(field, '01310100');
    expect(field.value).toBe('01.310-100');
    expect(values().zip_code).toBe('01310100');
  });
});

describe('DebouncedSearchInput', () => {
  it(`hands the text to the form after ${INPUT_DEBOUNCE_MS} ms without typing`, async () => {
    await render(<DebouncedSearchInput source="q" />);
    vi.useFakeTimers();
    const field = input('q');
    await act(async () => {
      fireEvent.change(field, { target: { value: 'ana' } });
    });
    expect(field.value).toBe('ana');
    await act(async () => {
      vi.advanceTimersByTime(INPUT_DEBOUNCE_MS - 1);
    });
    expect(values().q).toBeUndefined();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(values().q).toBe('ana');
  });

  it('shows a value the form sets itself', async () => {
    await render(<DebouncedSearchInput source="q" />, { id: 1, q: 'maria' });
    expect(input('q').value).toBe('maria');
    await act(async () => {
      form!.setValue('q', 'josé');
    });
    expect(input('q').value).toBe('josé');
  });
});
