// The dashboard's first-run checklist (domain/setup.ts), computed from the church settings and
// the users: part of GET /api/dashboard for admins; POST /api/church/setup_checklist/dismiss
// closes it for good (church.setup_dismissed_at).
import type { Kysely } from 'kysely';
import {
  SETUP_ITEMS,
  documentDataMessage,
  missingDocumentData,
  type SetupChecklist,
  type SetupItem,
} from '../../../domain/setup.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';

const filled = (value: string | null | undefined) => Boolean(value && value.trim());

export async function setupChecklist(db: Kysely<Database>): Promise<SetupChecklist> {
  const church = await db
    .selectFrom('church')
    .select([
      'name',
      'pastor_name',
      'city',
      'logo',
      'credential_validity_confirmed_at',
      'setup_dismissed_at',
    ])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const missing = missingDocumentData(church);
  const done: Record<SetupItem, boolean> = {
    church_name: !missing.includes('church_name'),
    pastor_name: !missing.includes('pastor_name'),
    city: !missing.includes('city'),
    logo: filled(church.logo),
    credential_validity: church.credential_validity_confirmed_at !== null,
    // Someone besides the first administrator.
    users: Number(count) > 1,
  };
  const items = SETUP_ITEMS.map((key) => ({ key, done: done[key] }));
  return {
    items,
    complete: items.every((item) => item.done),
    dismissed: church.setup_dismissed_at !== null,
  };
}

export async function dismissSetupChecklist(
  db: Kysely<Database>,
  actor: Actor,
): Promise<SetupChecklist> {
  await db.transaction().execute(async (trx) => {
    const dismissed = await trx
      .updateTable('church')
      .set({ setup_dismissed_at: new Date().toISOString() })
      .where('id', '=', 1)
      .where('setup_dismissed_at', 'is', null)
      .executeTakeFirst();
    // Dismissed once: a second click changes nothing and writes nothing.
    if (Number(dismissed.numUpdatedRows) === 1) {
      await audit(trx, actor, {
        action: 'dismiss',
        resource: 'church',
        record_id: null,
        details: { setup_checklist: true },
      });
    }
  });
  return setupChecklist(db);
}

/**
 * Refuses (422) a credential or a letter while the church's name, pastor or city is blank: they
 * would go out with "Minha Igreja" and an unnamed "Pastor presidente".
 */
export async function ensureChurchReadyForDocuments(db: Kysely<Database>) {
  const church = await db
    .selectFrom('church')
    .select(['name', 'pastor_name', 'city'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const missing = missingDocumentData(church);
  if (missing.length > 0) throw new ApiError(422, documentDataMessage(missing));
}
