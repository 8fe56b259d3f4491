// The church singleton (row id 1): what its routes read and write.
import { sql } from 'kysely';
import { churchSchema } from '../../../domain/church.js';
import { type Actor, audit } from '../../audit/trail.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { validated } from '../../plugins/errors.js';
import { publicConsent } from '../consents/index.js';

const church = (db: Executor) =>
  db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

/** What the login page, the public pages and the app bar show: nothing private. */
export async function publicChurch(db: Executor) {
  const { name, logo } = await church(db);
  // The active congregations, for /meu_cadastro to ask which one (issue 12).
  const congregations = await db
    .selectFrom('congregations')
    .select(['id', 'name', 'slug', 'kind'])
    .where('active', '=', true)
    .orderBy(sql`case kind when 'sede' then 0 when 'subsede' then 1 else 2 end`)
    .orderBy('name')
    .orderBy('id')
    .execute();
  // The consent text /meu_cadastro asks for: the current version (issue 13).
  const consent = await publicConsent(db, name);
  return { name, logo, congregations, consent };
}

/**
 * The privacy notice's facts (/privacidade, issue 13): the controller, its encarregado and the
 * church's wording; the page writes the notice from them (domain/privacy.ts).
 */
export async function privacyFacts(db: Executor) {
  const row = await church(db);
  return {
    name: row.name,
    cnpj: row.cnpj,
    email: row.email,
    phone: row.phone,
    street: row.street,
    number: row.number,
    complement: row.complement,
    district: row.district,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    dpo_name: row.dpo_name,
    dpo_email: row.dpo_email,
    privacy_retention: row.privacy_retention,
    privacy_sharing: row.privacy_sharing,
  };
}

/** The settings without the checklist's bookkeeping (setup_* and *_confirmed_at columns). */
export async function churchSettings(db: Executor) {
  const {
    setup_dismissed_at: _dismissed,
    credential_validity_confirmed_at: _confirmed,
    audit_purged_on: _purged,
    ...row
  } = await church(db);
  return row;
}

/**
 * Saves the form's changes over the stored settings, audited in the same transaction; `check`
 * sees the record before and after (the route's church-wide rule) and may refuse.
 */
export async function updateChurch(
  db: Executor,
  actor: Actor,
  changes: object,
  check: (before: Record<string, unknown>, after: Record<string, unknown>) => void,
) {
  const current = await church(db);
  const values = validated(churchSchema, { ...current, ...changes });
  check(current, values);
  const now = new Date().toISOString();
  // The church form always sends the validity: saving it confirms it (first-run checklist).
  const confirmed = 'credential_validity_months' in changes;
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('church')
      .set({
        ...values,
        updated_at: now,
        ...(confirmed ? { credential_validity_confirmed_at: now } : {}),
      })
      .where('id', '=', 1)
      .execute();
    await audit(trx, actor, {
      action: 'update',
      resource: 'church',
      record_id: null,
      before: current,
      after: { ...current, ...values },
    });
  });
  return churchSettings(db);
}
