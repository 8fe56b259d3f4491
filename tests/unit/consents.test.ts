// The pure rules of consent and of the requests register (domain/consents.ts,
// domain/privacyRequests.ts): the church's name in the text, the dates a consent is recorded
// at, where a request stands against its 15-day deadline.
import { describe, expect, it } from 'vitest';
import { consentInstant, consentState, renderConsentText } from '../../domain/consents';
import { deadlineState, privacyRequestDueOn } from '../../domain/privacyRequests';

describe('consent texts and records', () => {
  it('puts the church’s name wherever {igreja} is', () => {
    expect(renderConsentText('Autorizo a {igreja}; a {igreja} guarda.', 'Igreja Betel')).toBe(
      'Autorizo a Igreja Betel; a Igreja Betel guarda.',
    );
    expect(renderConsentText('Autorizo a {igreja}.', '  ')).toBe('Autorizo a igreja.');
  });

  it('reads a date as noon in the church’s day, an instant as given, anything else as nothing', () => {
    expect(consentInstant('2026-02-01')).toBe('2026-02-01T15:00:00.000Z');
    expect(consentInstant('2026-02-15T09:30:00-03:00')).toBe('2026-02-15T12:30:00.000Z');
    expect(consentInstant('2026-02-15T12:30Z')).toBe('2026-02-15T12:30:00.000Z');
    for (const bad of [
      '2026-02-30',
      '2026-02-30T10:00:00Z',
      '15/02/2026',
      '2026-02-15T10:00',
      '',
    ]) {
      expect(consentInstant(bad), bad).toBeNull();
    }
  });

  it('the state is the latest record’s', () => {
    expect(consentState([])).toEqual({ state: 'none', latest: null });
    const grant = { action: 'grant', version: 2 };
    const revoke = { action: 'revoke', version: 2 };
    expect(consentState([revoke, grant])).toEqual({ state: 'revoked', latest: revoke });
    expect(consentState([grant, revoke])).toEqual({ state: 'granted', latest: grant });
  });
});

describe('the requests’ deadline', () => {
  it('is 15 days after the request, across months and leap years', () => {
    expect(privacyRequestDueOn('2026-03-02')).toBe('2026-03-17');
    expect(privacyRequestDueOn('2026-12-20')).toBe('2027-01-04');
    expect(privacyRequestDueOn('2024-02-20')).toBe('2024-03-06');
    expect(privacyRequestDueOn('2026-02-20')).toBe('2026-03-07');
  });

  it('stands overdue, near (3 days or fewer), in time, or closed once answered', () => {
    const open = (due_on: string) => ({ status: 'open', due_on });
    expect(deadlineState(open('2026-03-17'), '2026-03-20')).toEqual({
      state: 'overdue',
      days_left: -3,
    });
    expect(deadlineState(open('2026-03-20'), '2026-03-20')).toEqual({
      state: 'near',
      days_left: 0,
    });
    expect(deadlineState(open('2026-03-23'), '2026-03-20')).toEqual({
      state: 'near',
      days_left: 3,
    });
    expect(deadlineState(open('2026-03-24'), '2026-03-20')).toEqual({ state: 'ok', days_left: 4 });
    expect(deadlineState({ status: 'in_progress', due_on: '2026-03-01' }, '2026-03-20').state).toBe(
      'overdue',
    );
    for (const status of ['answered', 'refused']) {
      expect(deadlineState({ status, due_on: '2026-03-01' }, '2026-03-20')).toEqual({
        state: 'closed',
        days_left: null,
      });
    }
  });
});
