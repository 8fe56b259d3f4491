// The pure pieces of paper history (issue 14): spreadsheet dates, letter numbers and the schemas
// the server and the dialogs share.
import { describe, expect, it } from 'vitest';
import { sheetDateToIso } from '../../domain/dates';
import {
  paperCredentialSchema,
  paperLetterSchema,
  parseLetterNumber,
} from '../../domain/paperHistory';
import { fieldErrors } from '../../domain/validation';

describe('sheetDateToIso', () => {
  it.each([
    ['05/04/2016', '2016-04-05'],
    ['5/4/2016', '2016-04-05'],
    ['05-04-2016', '2016-04-05'],
    ['05.04.2016', '2016-04-05'],
    [' 2016-04-05 ', '2016-04-05'],
    ['42430', '2016-03-01'],
    ['45000', '2023-03-15'],
    ['45000,0', '2023-03-15'],
    ['61', '1900-03-01'],
  ])('%s -> %s', (text, iso) => expect(sheetDateToIso(text)).toBe(iso));

  it.each(['31/02/2016', '2016-02-30', '05/04/16', 'ontem', '', '0', '-3', '4500.5'])(
    'refuses %j',
    (text) => expect(sheetDateToIso(text)).toBeNull(),
  );
});

describe('parseLetterNumber', () => {
  it('reads a number alone or with its year', () => {
    expect(parseLetterNumber('12')).toEqual({ number: 12, year: null });
    expect(parseLetterNumber(' 012 / 2019 ')).toEqual({ number: 12, year: 2019 });
    expect(parseLetterNumber(7)).toEqual({ number: 7, year: null });
    for (const bad of ['0', '12/19', 'A-12', '', 1.5, -3, null]) {
      expect(parseLetterNumber(bad)).toBeNull();
    }
  });
});

describe('paper schemas', () => {
  it('takes a card’s number as printed and refuses a future date', () => {
    const card = paperCredentialSchema.parse({
      member_id: 1,
      number: '000123',
      issued_on: '2019-03-10',
      expires_on: '',
    });
    expect(card).toEqual({ member_id: 1, number: 123, issued_on: '2019-03-10', expires_on: null });
    const future = paperCredentialSchema.safeParse({
      member_id: 1,
      number: 1,
      issued_on: '2999-01-01',
    });
    expect(future.success || fieldErrors(future.error)).toEqual({
      issued_on: 'A data de emissão não pode ser no futuro.',
    });
  });

  it('numbers a letter in the year of its issue', () => {
    const letter = paperLetterSchema.parse({
      member_id: 1,
      letter_type: 'transfer',
      number: '7/2019',
      issued_on: '2019-09-01',
      destination_church: ' Igreja Batista ',
      notes: '',
    });
    expect(letter).toMatchObject({
      number: 7,
      year: 2019,
      destination_church: 'Igreja Batista',
      destination_city: '',
      notes: null,
    });
    const wrong = paperLetterSchema.safeParse({ ...letter, number: '7/2018' });
    expect(wrong.success || fieldErrors(wrong.error)).toEqual({
      number: 'O ano do número (2018) não é o da data de emissão (2019).',
    });
  });
});
