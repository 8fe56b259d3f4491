// Messages to people (migration 0052): the e-mail settings, messages, their deliveries (the
// durable queue) and the people who unsubscribed.
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Bool } from './columns.js';

export interface MessageSettingsTable {
  id: number;
  smtp_host: string | null;
  smtp_port: number;
  smtp_security: string;
  smtp_user: string | null;
  /** Never answered by the API (write-only). */
  smtp_password: string | null;
  from_name: string | null;
  from_email: string | null;
  rate_per_minute: number;
  birthday_enabled: Bool;
  birthday_subject: string;
  birthday_body: string;
  updated_at: string | null;
}
export type MessageSettings = Selectable<MessageSettingsTable>;

export interface MessagesTable {
  id: Generated<number>;
  /** manual or birthday. */
  kind: string;
  /** domain/messages.ts MESSAGE_CHANNELS. */
  channel: string;
  subject: string;
  body: string;
  /** JSON of the audience (domain/messages.ts audienceSchema). */
  audience: string;
  /** The one congregation of the audience; null: several or the whole church. */
  congregation_id: number | null;
  /** The origin of the unsubscribe links. */
  link_base: string;
  /** The day of a birthday greeting (one per day). */
  birthday_on: string | null;
  created_by: number | null;
  created_at: string;
}
export type Message = Selectable<MessagesTable>;

export interface MessageDeliveriesTable {
  id: Generated<number>;
  message_id: number;
  member_id: number | null;
  visitor_id: number | null;
  congregation_id: number;
  name: string;
  /** The e-mail or the phone it went to. */
  address: string | null;
  /** domain/messages.ts DELIVERY_STATUSES. */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  /** When a queued delivery may be tried (a retry waits). */
  available_at: string | null;
  /** A delivery being sent belongs to its worker until then. */
  lease_until: string | null;
  leased_by: string | null;
  /** The SMTP server's answer of a failure. */
  error: string | null;
  /** The unsubscribe link's token (random). */
  token: string;
  sent_at: string | null;
}
export type MessageDelivery = Selectable<MessageDeliveriesTable>;

export interface MessageOptOutsTable {
  id: Generated<number>;
  member_id: number | null;
  visitor_id: number | null;
  created_at: string;
}
