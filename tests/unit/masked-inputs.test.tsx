import { StrictMode, useEffect, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, Form, TextInput, useFormIsDirty, type RaRecord } from 'react-admin';
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

function renderForm(children: ReactNode, record?: Partial<RaRecord>) {
  render(
    <AdminContext>
      <Form record={record}>
        {children}
        <FormSpy />
      </Form>
    </AdminContext>,
    { wrapper: StrictMode },
  );
}

/** The input of a field, found as a user finds it: by its label. */
const field = (label: string) => screen.getByRole<HTMLInputElement>('textbox', { name: label });
const values = () => form!.getValues();
const isDirty = () => formIsDirty;

afterEach(() => {
  cleanup();
  form = null;
  formIsDirty = false;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MoneyInput', () => {
  it('fills the centavos first and stores integer centavos', async () => {
    const user = userEvent.setup();
    renderForm(<MoneyInput source="amount_cents" label="Valor" />);
    const amount = field('Valor');
    await user.type(amount, '123456');
    expect(amount.value).toBe('1.234,56');
    expect(values().amount_cents).toBe(123456);
    expect(screen.getByText('R$')).toBeTruthy();
    expect(amount.value).not.toContain('R$');
  });

  it('shows a loaded value formatted without marking the form dirty', () => {
    renderForm(<MoneyInput source="amount_cents" label="Valor" />, { id: 1, amount_cents: 123456 });
    expect(field('Valor').value).toBe('1.234,56');
    expect(values().amount_cents).toBe(123456);
    expect(isDirty()).toBe(false);
  });

  it('removes the last digit on backspace and empties the field from zero', async () => {
    const user = userEvent.setup();
    renderForm(<MoneyInput source="amount_cents" label="Valor" />, { id: 1, amount_cents: 5 });
    const amount = field('Valor');
    expect(amount.value).toBe('0,05');
    await user.type(amount, '0');
    expect(amount.value).toBe('0,50');
    expect(values().amount_cents).toBe(50);
    expect(isDirty()).toBe(true);
    await user.keyboard('{Backspace}');
    expect(amount.value).toBe('0,05');
    expect(isDirty()).toBe(false);
    await user.keyboard('{Backspace}');
    expect(amount.value).toBe('');
    expect(values().amount_cents).toBeNull();
  });

  it('ignores characters that do not change the amount', async () => {
    const user = userEvent.setup();
    renderForm(<MoneyInput source="amount_cents" label="Valor" />, { id: 1, amount_cents: 100 });
    const amount = field('Valor');
    await user.type(amount, ',');
    expect(amount.value).toBe('1,00');
    await user.type(amount, 'x');
    expect(amount.value).toBe('1,00');
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
    const user = userEvent.setup();
    renderForm(<CpfInput source="cpf" label="CPF" />);
    const cpf = field('CPF');
    await user.type(cpf, '52998224725');
    expect(cpf.value).toBe('529.982.247-25');
    expect(values().cpf).toBe('52998224725');
  });

  it('refuses letters and extra digits', async () => {
    const user = userEvent.setup();
    renderForm(<CpfInput source="cpf" label="CPF" />);
    const cpf = field('CPF');
    await user.type(cpf, '529a98224725999');
    expect(cpf.value).toBe('529.982.247-25');
    expect(values().cpf).toBe('52998224725');
  });

  it('shows a loaded value formatted without marking the form dirty', () => {
    renderForm(<CpfInput source="cpf" label="CPF" />, { id: 1, cpf: '52998224725' });
    expect(field('CPF').value).toBe('529.982.247-25');
    expect(isDirty()).toBe(false);
  });

  it('shows the values of a reset without marking the form dirty', async () => {
    renderForm(<CpfInput source="cpf" label="CPF" />, { id: 1, cpf: '52998224725' });
    await act(async () => form!.reset({ id: 2, cpf: '12345678909' }));
    expect(field('CPF').value).toBe('123.456.789-09');
    expect(isDirty()).toBe(false);
    await act(async () => form!.reset({ id: 3, cpf: null }));
    expect(field('CPF').value).toBe('');
    expect(isDirty()).toBe(false);
  });

  it('stores null when erased', async () => {
    const user = userEvent.setup();
    renderForm(<CpfInput source="cpf" label="CPF" />, { id: 1, cpf: '529' });
    const cpf = field('CPF');
    expect(cpf.value).toBe('529');
    await user.type(cpf, '{Backspace}{Backspace}{Backspace}');
    expect(cpf.value).toBe('');
    expect(values().cpf).toBeNull();
  });

  it('shows a field error in Portuguese for wrong check digits', async () => {
    const user = userEvent.setup();
    renderForm(<CpfInput source="cpf" label="CPF" />);
    await user.type(field('CPF'), '52998224724');
    await act(async () => {
      await form!.trigger('cpf');
    });
    expect(screen.getByText('CPF inválido')).toBeTruthy();
  });
});

describe('CnpjInput', () => {
  it('accepts letters in the first 12 positions and stores them uppercase', async () => {
    const user = userEvent.setup();
    renderForm(<CnpjInput source="cnpj" label="CNPJ" />);
    const cnpj = field('CNPJ');
    await user.type(cnpj, '12abc34501deXX35');
    expect(cnpj.value).toBe('12.ABC.345/01DE-35');
    expect(values().cnpj).toBe('12ABC34501DE35');
    await act(async () => {
      await form!.trigger('cnpj');
    });
    expect(document.body.textContent).not.toContain('CNPJ inválido');
  });

  it('shows a loaded numeric CNPJ formatted', () => {
    renderForm(<CnpjInput source="cnpj" label="CNPJ" />, { id: 1, cnpj: '11222333000181' });
    expect(field('CNPJ').value).toBe('11.222.333/0001-81');
    expect(isDirty()).toBe(false);
  });
});

describe('PhoneInput', () => {
  it('uses the 10-digit mask, then the 11-digit one', async () => {
    const user = userEvent.setup();
    renderForm(<PhoneInput source="phone" label="Telefone" />);
    const phone = field('Telefone');
    await user.type(phone, '1198765432');
    expect(phone.value).toBe('(11) 9876-5432');
    expect(values().phone).toBe('1198765432');
    await user.type(phone, '1');
    expect(phone.value).toBe('(11) 98765-4321');
    expect(values().phone).toBe('11987654321');
  });

  it('formats toll-free numbers', () => {
    renderForm(<PhoneInput source="phone" label="Telefone" />, { id: 1, phone: '08001234567' });
    expect(field('Telefone').value).toBe('0800 123 4567');
    expect(isDirty()).toBe(false);
  });
});

describe('ZipCodeInput', () => {
  it('shows NN.NNN-NNN and stores 8 digits', async () => {
    const user = userEvent.setup();
    renderForm(<ZipCodeInput source="zip_code" label="CEP" />);
    const zipCode = field('CEP');
    await user.type(zipCode, '01310100');
    expect(zipCode.value).toBe('01.310-100');
    expect(values().zip_code).toBe('01310100');
  });
});

// Typing a whole address is slow in jsdom on a busy machine.
describe('ZipCodeInput: the CEP lookup', { timeout: 30_000 }, () => {
  const SE = {
    zipCode: '01001000',
    street: 'Praça da Sé',
    district: 'Sé',
    city: 'São Paulo',
    state: 'SP',
  };

  function renderAddress(
    provider: Record<string, (cep: string) => Promise<unknown>>,
    lookup?: 'public' | false,
    record?: Partial<RaRecord>,
  ) {
    render(
      <AdminContext dataProvider={provider as never}>
        <Form record={record}>
          <ZipCodeInput source="zipCode" label="CEP" lookup={lookup} />
          <TextInput source="street" label="Logradouro" />
          <TextInput source="district" label="Bairro" />
          <TextInput source="city" label="Cidade" />
          <TextInput source="state" label="UF" />
          <FormSpy />
        </Form>
      </AdminContext>,
    );
  }

  it('fills the empty address fields once the CEP is complete, keeping what was typed', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    renderAddress({
      lookupCep: async (cep) => {
        asked.push(cep);
        return SE;
      },
    });
    await user.type(field('Logradouro'), 'Rua A');
    await user.type(field('CEP'), '0100100');
    expect(asked).toEqual([]);
    await user.type(field('CEP'), '0');
    await screen.findByText('adam.cep.filled');
    expect(asked).toEqual(['01001000']);
    expect(values()).toMatchObject({
      zipCode: '01001000',
      street: 'Rua A',
      district: 'Sé',
      city: 'São Paulo',
      state: 'SP',
    });
  });

  it('uses the public route on /meu_cadastro and says when the CEP is unknown', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    renderAddress(
      {
        publicLookupCep: async (cep) => {
          asked.push(cep);
          throw Object.assign(new Error('CEP não encontrado.'), { status: 404 });
        },
      },
      'public',
    );
    await user.type(field('CEP'), '99999999');
    await screen.findByText('adam.cep.not_found');
    expect(asked).toEqual(['99999999']);
    expect(values().street ?? null).toBeNull();
  });

  it('asks nothing when turned off or when a record is loaded', async () => {
    const user = userEvent.setup();
    const lookupCep = vi.fn(async () => SE);
    renderAddress({ lookupCep }, undefined, { zipCode: '01001000', street: 'Rua Antiga' });
    expect(field('CEP').value).toBe('01.001-000');
    cleanup();
    renderAddress({ lookupCep }, false);
    await user.type(field('CEP'), '01001000');
    expect(lookupCep).not.toHaveBeenCalled();
  });
});

describe('DebouncedSearchInput', () => {
  const search = () => screen.getByRole<HTMLInputElement>('searchbox');

  it(`hands the text to the form after ${INPUT_DEBOUNCE_MS} ms without typing`, async () => {
    renderForm(<DebouncedSearchInput source="q" />);
    vi.useFakeTimers();
    // After each event, Testing Library waits on a setTimeout(0) and advances only Jest's fake
    // timers (testing-library/react-testing-library#1197): lend it Vitest's.
    vi.stubGlobal('jest', { advanceTimersByTime: vi.advanceTimersByTime });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(search(), 'ana');
    expect(search().value).toBe('ana');
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
    renderForm(<DebouncedSearchInput source="q" />, { id: 1, q: 'maria' });
    expect(search().value).toBe('maria');
    await act(async () => {
      form!.setValue('q', 'josé');
    });
    expect(search().value).toBe('josé');
  });
});
