// The messages' calls beyond simple-rest (issue 28): the preview of an audience, a message's
// per-person log, a WhatsApp link marked as sent, the church's e-mail settings and their test,
// and the public unsubscribe page's two calls.
import type { DeliveryStatus, MessageChannel } from '../../domain/messages';
import { getJson, listQuery, postJson, putJson } from './calls';
import { API_URL, httpClient } from './httpClient';
import { camelCaseKeys } from './case';

export interface MessagePreview {
  total: number;
  /** By state, keys in camelCase (noAddress). */
  counts: Record<string, number>;
  people: Array<{ name: string; address: string | null; status: DeliveryStatus }>;
  sample: { name: string; subject: string; body: string } | null;
}

export interface Delivery {
  id: number;
  name: string;
  address: string | null;
  status: DeliveryStatus;
  attempts: number;
  error: string | null;
  sentAt: string | null;
  whatsappUrl: string | null;
}

export interface MessageSettingsValues {
  smtpHost: string | null;
  smtpPort: number;
  smtpSecurity: 'tls' | 'starttls' | 'none';
  smtpUser: string | null;
  smtpPassword?: string | null;
  smtpPasswordSet?: boolean;
  fromName: string | null;
  fromEmail: string | null;
  ratePerMinute: number;
  birthdayEnabled: boolean;
  birthdaySubject: string;
  birthdayBody: string;
}

export interface MessageDraft {
  channel: MessageChannel;
  subject?: string;
  body: string;
  audience: Record<string, unknown>;
}

const anonymous = { anonymous: true };

export const messageCalls = {
  previewMessage: (draft: MessageDraft) => postJson<MessagePreview>('messages/preview', draft),
  /** A page of a message's per-person log, with the total. */
  async messageDeliveries(
    messageId: number | string,
    params: { status?: DeliveryStatus; range: [number, number] },
  ): Promise<{ data: Delivery[]; total: number }> {
    const query = listQuery({
      filter: params.status ? { status: params.status } : {},
      sort: { field: 'name', order: 'ASC' },
      range: params.range,
    });
    const { json, headers } = await httpClient(
      `${API_URL}/messages/${messageId}/deliveries?${query}`,
    );
    const total = Number(headers.get('content-range')?.split('/').pop() ?? 0);
    return { data: camelCaseKeys<Delivery[]>(json), total };
  },
  markWhatsappSent: (messageId: number | string, deliveryId: number) =>
    postJson<{ id: number; status: 'sent' }>(`messages/${messageId}/deliveries/${deliveryId}/sent`),
  getMessageSettings: () => getJson<MessageSettingsValues>('message_settings'),
  saveMessageSettings: (values: MessageSettingsValues) =>
    putJson<MessageSettingsValues>('message_settings', values),
  sendTestEmail: (to: string) => postJson<{ sent: true }>('message_settings/test', { to }),
  unsubscribeInfo: (token: string) =>
    getJson<{ firstName: string; church: string; unsubscribed: boolean }>(
      `public/unsubscribe/${encodeURIComponent(token)}`,
      anonymous,
    ),
  unsubscribe: (token: string) =>
    postJson<{ unsubscribed: true }>(
      `public/unsubscribe/${encodeURIComponent(token)}`,
      {},
      anonymous,
    ),
};
