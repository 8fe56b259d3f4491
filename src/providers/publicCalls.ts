// The calls of the pages without login (/meu_cadastro, /credencial/:code) and of the church's
// public face (app bar, login page): /api/public/*, sent without the session headers.
import type { CongregationKind } from '../../domain/congregations';
import type { CredentialState } from '../../domain/credentials';
import type { CustomFieldType } from '../../domain/customFields';
import type { PrivacySettings } from '../../domain/privacy';
import { getJson, postJson } from './calls';

export interface PublicCustomField {
  key: string;
  label: string;
  fieldType: CustomFieldType;
  options: string[];
  required: boolean;
}

/** A valid card's check: name, photo, position and validity; any other card's: name and status. */
export type PublicCredential =
  | {
      name: string;
      photo: string | null;
      position: string | null;
      expiresOn: string;
      status: 'valid';
    }
  | { name: string; status: Exclude<CredentialState, 'valid'> };

const anonymous = { anonymous: true };

/** What a transfer letter shows, for the receiving church's confirmation (issue 28). */
export interface PublicTransfer {
  memberName: string;
  originChurch: string;
  originCity: string | null;
  letterNumber: string;
  letterDate: string;
}

/** An active congregation a newcomer may choose (issue 12). */
export interface PublicCongregation {
  id: number;
  name: string;
  slug: string;
  kind: CongregationKind;
}

/** The consent texts /meu_cadastro shows: the church's current version (issue 13). */
export interface PublicConsent {
  id: number;
  version: number;
  /** With the church's name in place. */
  text: string;
  guardianText: string;
}

/** The church's public face: name, logo, its active congregations and the consent texts. */
export interface PublicChurch {
  name: string;
  logo: string | null;
  congregations: PublicCongregation[];
  consent: PublicConsent;
}

export const publicCalls = {
  /** The church's name, logo and active congregations. */
  getPublicChurch: () => getJson<PublicChurch>('public/church', anonymous),
  /** The facts of the privacy notice (/privacidade): the church, its encarregado, its wording. */
  getPrivacy: () => getJson<PrivacySettings>('public/privacy', anonymous),
  publicCustomFields: () => getJson<PublicCustomField[]>('public/custom_fields', anonymous),
  publicCredential: (code: string) =>
    getJson<PublicCredential>(`public/credentials/${encodeURIComponent(code)}`, anonymous),
  /** The address of a CEP (8 digits) for /meu_cadastro: limited per connection. */
  publicLookupCep: (cep: string) =>
    getJson<{
      zipCode: string;
      street: string | null;
      district: string | null;
      city: string | null;
      state: string | null;
    }>(`public/cep/${encodeURIComponent(cep)}`, anonymous),
  /** The letter behind a transfer's confirmation code (POST: the code stays out of URLs). */
  publicTransfer: (code: string) =>
    postJson<PublicTransfer>('public/transfers/lookup', { code }, anonymous),
  /** The receiving church confirms the transfer; the answer's message is shown. */
  confirmPublicTransfer: (values: { code: string; receivingChurch: string; confirmedBy: string }) =>
    postJson<{ message: string }>('public/transfers/confirm', values, anonymous),
  /** A self-registration (member fields, consent, honeypot); the answer's message is shown. */
  register: (values: Record<string, unknown>) =>
    postJson<{ message: string }>('public/registrations', values, anonymous),
};
