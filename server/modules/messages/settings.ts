// The church's e-mail settings (one row): the SMTP server, the sender, the pace and the birthday
// greeting. The password is write-only: the API says only whether one is set.
import type { Kysely } from 'kysely';
import { type MessageSettingsInput, messageSettingsSchema } from '../../../domain/messages.js';
import { type Actor, audit } from '../../audit/trail.js';
import type { Database, MessageSettings } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { validated } from '../../plugins/errors.js';

export type SettingsAnswer = Omit<MessageSettings, 'smtp_password' | 'id' | 'birthday_enabled'> & {
  birthday_enabled: boolean;
  smtp_password_set: boolean;
};

export async function loadSettings(db: Executor): Promise<MessageSettings> {
  return db
    .selectFrom('message_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

export function answerOf(row: MessageSettings): SettingsAnswer {
  const { smtp_password: password, id: _id, ...rest } = row;
  return {
    ...rest,
    birthday_enabled: Boolean(row.birthday_enabled),
    smtp_password_set: Boolean(password),
  };
}

/** Whether e-mail can be sent: a server and a sender. */
export const canSend = (row: MessageSettings) => Boolean(row.smtp_host && row.from_email);

/** PUT /api/message_settings: the fields merged with the stored ones; a blank password keeps it. */
export async function updateSettings(
  db: Kysely<Database>,
  actor: Actor,
  body: Record<string, unknown>,
): Promise<SettingsAnswer> {
  return db.transaction().execute(async (trx) => {
    const stored = await loadSettings(trx);
    const before = answerOf(stored);
    const input: MessageSettingsInput = validated(messageSettingsSchema, {
      ...before,
      smtp_password: undefined,
      ...body,
    });
    const { smtp_password: password, ...fields } = input;
    await trx
      .updateTable('message_settings')
      .set({
        ...fields,
        ...(password ? { smtp_password: password } : {}),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', 1)
      .execute();
    const after = answerOf(await loadSettings(trx));
    // The password itself never reaches the trail: only that it was replaced.
    await audit(trx as Kysely<Database>, actor, {
      action: 'update',
      resource: 'message_settings',
      record_id: 1,
      before: { ...before, smtp_password_set: undefined, updated_at: undefined },
      after: {
        ...after,
        smtp_password_set: undefined,
        updated_at: undefined,
        ...(password ? { smtp_password_replaced: true } : {}),
      },
    });
    return after;
  });
}
