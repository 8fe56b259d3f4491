import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dateWithDay,
  installmentDueDates,
  monthRange,
  splitAmount,
} from '../../domain/finance/installments';
import {
  invoiceClosingDate,
  invoiceDueDate,
  invoiceFor,
  openInvoice,
} from '../../domain/finance/invoices';
import { donorSchema, expenseSchema, vendorSchema } from '../../domain/finance/schemas';
import { describeChanges } from '../../domain/auditWords';

describe('splitAmount', () => {
  it.each([
    [10_000, 3, [3_333, 3_333, 3_334]],
    [123_456, 3, [41_152, 41_152, 41_152]],
    [10, 3, [3, 3, 4]],
    [100, 1, [100]],
    [1, 4, [0, 0, 0, 1]],
    [99_999, 12, [...Array(11).fill(8_333), 8_336]],
  ])('%i centavos in %i parts', (total, count, parts) => {
    expect(splitAmount(total, count)).toEqual(parts);
    expect(splitAmount(total, count).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('refuses no parts', () => {
    expect(() => splitAmount(100, 0)).toThrow();
  });
});

describe('monthly dates', () => {
  it('keeps the day of the first date, clamped to short months', () => {
    expect(installmentDueDates('2026-01-31', 4)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(addMonths('2028-01-29', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
  });

  it('helps with month ranges and days', () => {
    expect(monthRange('2026-02-14')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(dateWithDay(2026, 13, 31)).toBe('2027-01-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('card invoices', () => {
  const card = { closing_day: 10, due_day: 20 };

  it('a purchase before the closing day falls into that month’s invoice', () => {
    expect(invoiceClosingDate('2026-03-09', 10)).toBe('2026-03-10');
    expect(invoiceFor('2026-03-09', card)).toEqual({
      closing_date: '2026-03-10',
      due_date: '2026-03-20',
    });
  });

  it('a purchase on the closing day or after goes to the next invoice', () => {
    expect(invoiceFor('2026-03-10', card).closing_date).toBe('2026-04-10');
    expect(invoiceFor('2026-03-31', card).closing_date).toBe('2026-04-10');
    expect(invoiceFor('2026-12-15', card)).toEqual({
      closing_date: '2027-01-10',
      due_date: '2027-01-20',
    });
  });

  it('the due day before the closing day is in the next month', () => {
    expect(invoiceDueDate('2026-02-28', 5)).toBe('2026-03-05');
    expect(invoiceFor('2026-02-27', { closing_day: 28, due_day: 5 }).due_date).toBe('2026-03-05');
  });

  it('clamps a closing day 31 to short months', () => {
    expect(invoiceClosingDate('2026-02-27', 31)).toBe('2026-02-28');
    expect(invoiceClosingDate('2026-02-28', 31)).toBe('2026-03-31');
  });

  it('instalment k falls k invoices later', () => {
    expect([0, 1, 2].map((k) => invoiceFor('2026-11-25', card, k).due_date)).toEqual([
      '2026-12-20',
      '2027-01-20',
      '2027-02-20',
    ]);
    expect(openInvoice('2026-05-10', card).closing_date).toBe('2026-06-10');
  });
});

describe('finance schemas', () => {
  it('takes a CNPJ for an entity and a CPF for a person', () => {
    expect(
      vendorSchema.safeParse({ person_type: 'entity', name: 'A', document: '12.ABC.345/01DE-35' })
        .success,
    ).toBe(true);
    const wrong = donorSchema.safeParse({
      person_type: 'person',
      name: 'A',
      document: '12ABC34501DE35',
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]).toMatchObject({ path: ['document'], message: 'CPF inválido.' });
  });

  it('an expense needs an account or a card, and a due date when not paid', () => {
    const base = { description: 'Luz', category_id: 1, amount_cents: 100, date: '2026-01-01' };
    expect(expenseSchema.safeParse({ ...base, credit_card_id: 2 }).success).toBe(true);
    const noDue = expenseSchema.safeParse({ ...base, bank_account_id: 1 });
    expect(noDue.error?.issues.map((issue) => issue.path[0])).toEqual(['due_date']);
    expect(
      expenseSchema.safeParse({ ...base, bank_account_id: 1, paid_on: '2026-01-02' }).success,
    ).toBe(true);
    const zero = expenseSchema.safeParse({ ...base, amount_cents: 0, credit_card_id: 2 });
    expect(zero.error?.issues[0].message).toBe('O valor deve ser maior que zero.');
  });
});

describe('audit log changes in words', () => {
  it('labels the fields in Portuguese and formats money, dates and documents', () => {
    expect(
      describeChanges({
        action: 'update',
        changes: {
          amountCents: [100_000, 123_456],
          dueDate: ['2026-03-10', null],
          document: [null, '11222333000181'],
          id: [1, 1],
        },
      }),
    ).toEqual([
      'Valor: R$ 1.000,00 → R$ 1.234,56',
      'Vencimento: 10/03/2026 → —',
      'CPF/CNPJ: — → 11.222.333/0001-81',
    ]);
    expect(describeChanges({ action: 'create', changes: { name: [null, 'Gráfica'] } })).toEqual([
      'Nome: Gráfica',
    ]);
  });

  it('names the records a change points at, by the names the server sends', () => {
    expect(
      describeChanges({
        action: 'update',
        resource: 'expenses',
        changes: { categoryId: [15, 16], vendorId: [null, 251], bankAccountId: [3, 3] },
        names: {
          categoryId: { '15': 'Aluguel', '16': 'Energia' },
          vendorId: { '251': 'Papelaria Central' },
        },
      }),
    ).toEqual([
      'Categoria: Aluguel → Energia',
      'Fornecedor: — → Papelaria Central',
      // A record the server could not name shows as a number, not as a bare id.
      'Conta: nº 3 → nº 3',
    ]);
  });

  it('shows coded values in Portuguese, "kind" and "status" as the resource means them', () => {
    expect(
      describeChanges({
        action: 'update',
        resource: 'accounts_payable',
        changes: { status: ['overdue', 'paid'], kind: ['installment', 'installment'] },
      }),
    ).toEqual(['Situação: Vencida → Paga', 'Tipo: Parcela → Parcela']);
    expect(
      describeChanges({
        action: 'create',
        resource: 'bank_accounts',
        changes: { kind: [null, 'checking'] },
      }),
    ).toEqual(['Tipo: Conta corrente']);
    expect(
      describeChanges({
        action: 'create',
        resource: 'incomes',
        changes: { paymentMethod: [null, 'pix'], personType: [null, 'entity'] },
      }),
    ).toEqual(['Forma de pagamento: Pix', 'Tipo de pessoa: Pessoa Jurídica']);
  });
});
