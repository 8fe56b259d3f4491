// The data subject's rights (issue 13): the confirmation rule the member page and the server share
// (trimmed, spaces collapsed, case and accents as stored) and the report's fields in words.
import { describe, expect, it } from 'vitest';
import { confirmationMatches, customFieldText, subjectFieldText } from '../../domain/subjectRights';

describe('the confirmation of an anonymization', () => {
  const name = 'Ângela  Maria da Conceição';

  it('accepts the name as stored, with spaces around and between the words as they come', () => {
    expect(confirmationMatches('Ângela Maria da Conceição', name)).toBe(true);
    expect(confirmationMatches('  Ângela   Maria da Conceição ', name)).toBe(true);
    // A name typed with decomposed accents (macOS) is the same name.
    expect(confirmationMatches('Ângela Maria da Conceição'.normalize('NFD'), name)).toBe(true);
  });

  it('refuses another case, missing accents, part of the name, nothing and non-text', () => {
    for (const typed of [
      'ângela maria da conceição',
      'Angela Maria da Conceicao',
      'Ângela Maria',
      '',
      '   ',
      null,
      undefined,
      42,
    ]) {
      expect(confirmationMatches(typed, name), String(typed)).toBe(false);
    }
  });
});

describe("the report's words", () => {
  const names = { congregation: 'Sede', position: 'Diácono', departments: ['Louvor', 'Jovens'] };
  const member = {
    sex: 'F',
    status: 'active',
    marital_status: 'widowed',
    cpf: '52998224725',
    phone_mobile: '11987654321',
    birth_date: '1985-07-14',
    holy_spirit_baptism: false,
    admission_type: 'transfer_letter',
    consent_at: '2026-01-10T15:00:00.000Z',
    notes: null,
  };

  it('writes each field as the church reads it', () => {
    const text = (field: string) => subjectFieldText(field, member, names);
    expect(text('status')).toBe('Ativa');
    expect(text('marital_status')).toBe('Viúva');
    expect(text('sex')).toBe('Feminino');
    expect(text('cpf')).toBe('529.982.247-25');
    expect(text('phone_mobile')).toBe('(11) 98765-4321');
    expect(text('birth_date')).toBe('14/07/1985');
    expect(text('holy_spirit_baptism')).toBe('Não');
    expect(text('admission_type')).toBe('Carta de transferência');
    expect(text('consent_at')).toBe('10/01/2026 12:00');
    expect(text('congregation_id')).toBe('Sede');
    expect(text('position_id')).toBe('Diácono');
    expect(text('department_ids')).toBe('Louvor, Jovens');
    expect(text('notes')).toBe('');
  });

  it('writes custom field values by their type', () => {
    expect(customFieldText('boolean', true)).toBe('Sim');
    expect(customFieldText('date', '2009-11-01')).toBe('01/11/2009');
    expect(customFieldText('number', 3)).toBe('3');
    expect(customFieldText('text', '')).toBe('');
  });
});
