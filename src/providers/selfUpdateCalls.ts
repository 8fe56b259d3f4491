// The member's self-update (issue 28): the secretary's links and review, the church's settings,
// and the member's public page (/atualizar_cadastro/{token}, sent without the session headers).
import type { Identifier } from 'react-admin';
import type { SelfUpdateGroup, SelfUpdateState } from '../../domain/selfUpdate';
import { getJson, postJson, putJson } from './calls';
import { toSnakeKey } from './case';
import type { PublicConsent } from './publicCalls';

/** A link as the member's page lists it; `changes`: field (API name) -> [before, proposed]. */
export interface SelfUpdateLink {
  id: number;
  memberId: number;
  createdAt: string;
  createdByName: string | null;
  expiresAt: string;
  revokedAt: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  reviewedByName: string | null;
  state: SelfUpdateState;
  stateLabel: string;
  changes: Record<string, [unknown, unknown]> | null;
}

/** A new link: the token is shown once, with the message and its wa.me link. */
export interface NewSelfUpdateLink {
  id: number;
  token: string;
  url: string;
  expiresAt: string;
  message: string;
  whatsappUrl: string | null;
}

export interface SelfUpdateSettingsValues {
  selfUpdateDays: number;
  selfUpdateGroups: SelfUpdateGroup[];
}

/** What the member's page shows: the allowed fields (API names) and their current values. */
export interface PublicSelfUpdate {
  name: string;
  sex: string | null;
  expiresAt: string;
  groups: SelfUpdateGroup[];
  fields: string[];
  values: Record<string, string | null>;
  consent: PublicConsent;
}

const anonymous = { anonymous: true };
const id = (value: Identifier) => encodeURIComponent(String(value));

export const selfUpdateCalls = {
  memberSelfUpdates: (memberId: Identifier) =>
    getJson<SelfUpdateLink[]>(`members/${id(memberId)}/self_updates`),
  createSelfUpdate: (memberId: Identifier) =>
    postJson<NewSelfUpdateLink>(`members/${id(memberId)}/self_updates`),
  /** The link just made, by e-mail through the church's message queue (its token proves it). */
  emailSelfUpdate: (linkId: Identifier, token: string) =>
    postJson<{ messageId: number; status: string; statusLabel: string }>(
      `self_updates/${id(linkId)}/email`,
      { token },
    ),
  revokeSelfUpdate: (linkId: Identifier) =>
    postJson<SelfUpdateLink>(`self_updates/${id(linkId)}/revoke`),
  reviewSelfUpdate: (linkId: Identifier, verdict: 'approve' | 'reject') =>
    postJson<SelfUpdateLink>(`self_updates/${id(linkId)}/${verdict}`),
  getSelfUpdateSettings: () => getJson<SelfUpdateSettingsValues>('church/self_update'),
  saveSelfUpdateSettings: (values: SelfUpdateSettingsValues) =>
    putJson<SelfUpdateSettingsValues>('church/self_update', values),
  publicSelfUpdate: async (token: string) => {
    const page = await getJson<PublicSelfUpdate>(`public/self_updates/${id(token)}`, anonymous);
    // The values' keys are field names: back to the API's, as the fields list has them.
    const values = Object.fromEntries(
      Object.entries(page.values).map(([key, value]) => [toSnakeKey(key), value]),
    );
    return { ...page, values };
  },
  submitSelfUpdate: (token: string, values: Record<string, unknown>) =>
    postJson<{ message: string }>(`public/self_updates/${id(token)}`, values, anonymous),
};
