// The pure rules behind credentials, letters, reports and self-registration (domain).
import { describe, expect, it } from 'vitest';
import { credentialState, formatCredentialNumber } from '../../domain/credentials';
import { addYears, todayIso } from '../../domain/dates';
import { longDate } from '../../domain/calendar';
import { formatLetterNumber, letterText } from '../../domain/letters';
import { isMinor, registrationSchema } from '../../domain/registration';
import {
  birthdayPeriod,
  celebratedOn,
  expiryText,
  reportAccess,
  whatsappUrl,
} from '../../domain/reports';

describe('credentials', () => {
  it('a card is valid through its last day, expired after it, revoked when its holder left', () => {
    const card = { status: 'active', expires_on: '2026-11-22' };
    expect(credentialState(card, 'active', '2026-11-22')).toBe('valid');
    expect(credentialState(card, 'active', '2026-11-23')).toBe('expired');
    expect(credentialState(card, 'transferred', '2026-11-01')).toBe('revoked');
    expect(credentialState({ ...card, status: 'revoked' }, 'active', '2026-11-01')).toBe('revoked');
    expect(formatCredentialNumber(42)).toBe('000042');
  });
});

describe('letters', () => {
  const base = {
    destination_church: 'Igreja Batista Central',
    destination_city: 'Recife/PE',
    notes: null,
    admission_date_text: '01/03/2015',
  };

  it('speaks of the member in the right gender, and numbers per year', () => {
    const sister = letterText({
      ...base,
      letter_type: 'transfer',
      member: { name: 'Ana Lima', sex: 'F', position: null },
    });
    expect(sister.title).toBe('CARTA DE TRANSFERÊNCIA');
    expect(sister.addressee).toBe('À Igreja Batista Central, em Recife/PE.');
    expect(sister.paragraphs.join(' ')).toContain(
      'a irmã Ana Lima, membro desta igreja desde 01/03/2015',
    );
    expect(sister.paragraphs.join(' ')).toContain('ficará desligada do nosso rol');
    const unknown = letterText({
      ...base,
      destination_church: 'Ministério Vida Nova',
      letter_type: 'recommendation',
      member: { name: 'Sam Reis', sex: null, position: 'Diácono' },
    });
    expect(unknown.addressee).toBe('À igreja Ministério Vida Nova, em Recife/PE.');
    expect(unknown.paragraphs[0]).toContain('o(a) irmão(ã) Sam Reis');
    expect(unknown.paragraphs[0]).toContain('o cargo de Diácono');
    expect(formatLetterNumber(12, 2026)).toBe('12/2026');
    expect(longDate('2026-03-05')).toBe('5 de março de 2026');
  });
});

describe('reports', () => {
  it('are opened with secretary access, as their screens', () => {
    expect(reportAccess('birthdays')).toEqual(['admin', 'secretary']);
    expect(reportAccess('issued_letters')).toEqual(['admin', 'secretary']);
  });

  it('split a period crossing the year end, and keep 29/02 on 28/02 in common years', () => {
    expect(birthdayPeriod({ days: 5 }, '2026-12-30').segments).toEqual([
      { from: 1230, to: 1231, year: 2026 },
      { from: 101, to: 103, year: 2027 },
    ]);
    expect(birthdayPeriod({ month: 2 }, '2026-12-30').segments).toEqual([
      { from: 201, to: 229, year: 2027 },
    ]);
    expect(birthdayPeriod({ month: 2 }, '2028-01-30').segments).toEqual([
      { from: 201, to: 229, year: 2028 },
    ]);
    expect(birthdayPeriod({ days: 3 }, '2027-02-26').segments).toEqual([
      { from: 226, to: 229, year: 2027 },
    ]);
    expect(celebratedOn('2000-02-29', 2027)).toBe('2027-02-28');
    expect(celebratedOn('2000-02-29', 2028)).toBe('2028-02-29');
  });

  it('link WhatsApp greetings to Brazilian numbers only', () => {
    expect(whatsappUrl('(11) 98765-4321')).toBe('https://wa.me/5511987654321');
    expect(whatsappUrl('1132321000', 'Olá, Ana!')).toBe(
      'https://wa.me/551132321000?text=Ol%C3%A1%2C%20Ana!',
    );
    expect(whatsappUrl('0800 123 4567')).toBeNull();
    expect(whatsappUrl('')).toBeNull();
  });

  it('say how far an expiry is', () => {
    expect(expiryText('2026-11-22', '2026-11-22')).toBe('Vence hoje');
    expect(expiryText('2026-11-23', '2026-11-22')).toBe('Vence amanhã');
    expect(expiryText('2026-12-22', '2026-11-22')).toBe('Vence em 30 dias');
    expect(expiryText('2026-11-21', '2026-11-22')).toBe('Vencida há 1 dia');
    expect(expiryText('2025-11-22', '2026-11-22')).toBe('Vencida há 365 dias');
  });
});

describe('self-registration', () => {
  const valid = { name: 'Ana', birth_date: '1990-01-01', email: 'ana@x.org', consent: true };

  it('needs the consent, a birth date and a way to be reached', () => {
    expect(registrationSchema.safeParse(valid).success).toBe(true);
    expect(registrationSchema.safeParse({ ...valid, consent: false }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...valid, birth_date: '' }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...valid, email: '' }).success).toBe(false);
  });

  it('a minor (under 18 today) needs a guardian and the guardian’s consent', () => {
    const today = todayIso();
    expect(isMinor(addYears(today, -18))).toBe(false);
    const birth = addYears(today, -17);
    expect(isMinor(birth)).toBe(true);
    const minor = { ...valid, birth_date: birth };
    expect(registrationSchema.safeParse(minor).success).toBe(false);
    expect(
      registrationSchema.safeParse({ ...minor, guardian_name: 'Mãe', guardian_consent: true })
        .success,
    ).toBe(true);
  });
});
