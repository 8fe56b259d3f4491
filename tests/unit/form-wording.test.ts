// Issue 11 (forms): the words and rules forms share with the server, in domain.
import { describe, expect, it } from 'vitest';
import { publicFormFields, validateCustomFieldValues } from '../../domain/customFields';
import { INVALID_DATE_MESSAGE } from '../../domain/dates';
import { expenseSchema } from '../../domain/finance/schemas';
import { memberSchema } from '../../domain/memberSchema';
import {
  MEMBER_STATUSES,
  maritalStatusLabel,
  maritalStatusLabels,
  memberStatusLabel,
} from '../../domain/members';
import { isMinor, registrationApprovalSchema } from '../../domain/registration';

describe('status and marital words agree with the member’s sex', () => {
  it('a woman is Falecida, Casada, Transferida; a man Falecido, Casado', () => {
    expect(memberStatusLabel('deceased', 'F')).toBe('Falecida');
    expect(memberStatusLabel('transferred', 'F')).toBe('Transferida');
    expect(memberStatusLabel('inactive', 'F')).toBe('Inativa');
    expect(memberStatusLabel('disciplined', 'F')).toBe('Disciplinada');
    expect(memberStatusLabel('active', 'F')).toBe('Ativa');
    expect(memberStatusLabel('deceased', 'M')).toBe('Falecido');
    expect(maritalStatusLabel('married', 'F')).toBe('Casada');
    expect(maritalStatusLabel('widowed', 'F')).toBe('Viúva');
    expect(maritalStatusLabel('married', 'M')).toBe('Casado');
  });

  it('unknown sex (or a reader who may not see it): words for either; unknown values as they are', () => {
    expect(maritalStatusLabel('married', null)).toBe('Casado(a)');
    expect(memberStatusLabel('deceased', undefined)).toBe('Falecido(a)');
    expect(memberStatusLabel('transferred', null)).toBe('Transferido(a)');
    expect(memberStatusLabel('active', undefined)).toBe('Ativo(a)');
    expect(memberStatusLabel('pending', undefined)).toBe('Pendente');
    expect(memberStatusLabel('archived', 'F')).toBe('archived');
    expect(memberStatusLabel(null, 'F')).toBe('');
  });

  it('every status and marital state has a word for each sex', () => {
    for (const status of MEMBER_STATUSES) {
      expect(memberStatusLabel(status, 'F')).not.toBe(status);
      expect(memberStatusLabel(status, 'M')).not.toBe(status);
    }
    expect(Object.keys(maritalStatusLabels('F'))).toEqual(Object.keys(maritalStatusLabels('M')));
  });
});

describe('minors on the public form', () => {
  const today = '2026-11-24';
  it('only a real date under 18 is a minor', () => {
    expect(isMinor('2026-02-31', today)).toBe(false);
    expect(isMinor('3102', today)).toBe(false);
    expect(isMinor('2027-01-01', today)).toBe(false);
    expect(isMinor('2010-05-01', today)).toBe(true);
    expect(isMinor('2008-11-24', today)).toBe(false);
    expect(isMinor('2008-11-25', today)).toBe(true);
  });
});

describe('one wording for an impossible date', () => {
  it('members, finance, custom fields and approval say the same', () => {
    const member = memberSchema.safeParse({ name: 'Ana', birth_date: '2026-02-31' });
    expect(member.error?.issues[0].message).toBe(INVALID_DATE_MESSAGE);
    const expense = expenseSchema.safeParse({ date: '2026-02-31' });
    expect(expense.error?.issues.find((issue) => issue.path[0] === 'date')?.message).toBe(
      INVALID_DATE_MESSAGE,
    );
    const custom = validateCustomFieldValues(
      [
        {
          key: 'conversao',
          label: 'Conversão',
          field_type: 'date',
          options: [],
          required: false,
          active: true,
        },
      ],
      { conversao: '31/02/2026' },
    );
    expect(custom.errors['custom_fields.conversao']).toBe(INVALID_DATE_MESSAGE);
    const approval = registrationApprovalSchema.safeParse({ admission_date: '2026-13-01' });
    expect(approval.error?.issues[0].message).toBe(INVALID_DATE_MESSAGE);
    expect(INVALID_DATE_MESSAGE).toBe('Data inválida: use DD/MM/AAAA.');
  });
});

describe('custom fields on the public form', () => {
  it('only active fields marked for it', () => {
    const base = { label: 'X', field_type: 'text' as const, options: [], required: false };
    const fields = [
      { ...base, key: 'a', active: true, public_form: true },
      { ...base, key: 'dizimista', active: true, public_form: false },
      { ...base, key: 'old', active: false, public_form: true },
      { ...base, key: 'legacy', active: true },
    ];
    expect(publicFormFields(fields).map((field) => field.key)).toEqual(['a']);
  });
});
