// One e-mail to one member through the queue (issue 28): the self-update link the secretary sends.
// The same delivery rules as any message (opted out, consent revoked, no address: not sent, and
// the answer says which); the text is written by the caller, with no {fields} to fill.
import type { Kysely } from 'kysely';
import {
  DELIVERY_STATUS_LABELS,
  type Audience,
  type DeliveryStatus,
} from '../../../domain/messages.js';
import { type Actor, audit } from '../../audit/trail.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { conflict } from '../../plugins/errors.js';
import { memberRows, queueRows } from './audience.js';
import { canSend, loadSettings } from './settings.js';

export const EMAIL_NOT_CONFIGURED =
  'O envio de e-mails não está configurado: um administrador informa o servidor e o remetente em Configurações › Igreja › E-mail.';

/** The member alone, with the statuses a manual message reaches (any but deceased). */
const ONE_MEMBER: Audience = {
  members: true,
  visitors: false,
  congregation_id: null,
  department_id: null,
  cell_id: null,
  status: [],
  birth_month: null,
};

export interface DirectEmail {
  memberId: number;
  congregationId: number;
  kind: 'self_update';
  subject: string;
  /** The text as sent: never audited (it may carry a personal link). */
  body: string;
  linkBase: string;
}

/** Queues the e-mail; the delivery's state (queued, or why it will not go). */
export async function queueMemberEmail(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  email: DirectEmail,
  actor: Actor,
) {
  return db.transaction().execute(async (trx) => {
    if (!canSend(await loadSettings(trx))) throw conflict(EMAIL_NOT_CONFIGURED);
    const at = new Date().toISOString();
    const message = await trx
      .insertInto('messages')
      .values({
        kind: email.kind,
        channel: 'email',
        subject: email.subject,
        body: email.body,
        audience: JSON.stringify(ONE_MEMBER),
        congregation_id: email.congregationId,
        link_base: email.linkBase,
        birthday_on: null,
        created_by: actor.user_id,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = memberRows(
      trx,
      dialect,
      ONE_MEMBER,
      null,
      { messageId: message.id, channel: 'email', at },
      (query) => query.where('members.id', '=', email.memberId),
    );
    await queueRows(trx, [rows]);
    const delivery = await trx
      .selectFrom('message_deliveries')
      .select('status')
      .where('message_id', '=', message.id)
      .executeTakeFirstOrThrow();
    await audit(trx, actor, {
      action: 'create',
      resource: 'messages',
      record_id: message.id,
      member_id: email.memberId,
      after: { channel: 'email', kind: email.kind, subject: email.subject },
    });
    const status = delivery.status as DeliveryStatus;
    return { message_id: message.id, status, status_label: DELIVERY_STATUS_LABELS[status] };
  });
}
