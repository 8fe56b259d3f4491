// Cards issued on paper before Adam (issue 14): recorded with their own number, issue date and
// validity, marked issued_on_paper. The number joins the series (the next card Adam issues comes
// after the highest one); of a member's cards the latest issued is the active one, as when a
// card is renewed, so an older paper card is recorded as replaced (revoked) by the newer one.
import type { Transaction } from 'kysely';
import { credentialExpiry, formatCredentialNumber } from '../../../domain/credentials.js';
import type { PaperCredentialInput } from '../../../domain/paperHistory.js';
import { isUniqueViolation, raiseCounter } from '../../db/counters.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { conflict, invalid } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { newCredentialCode, revokeActiveCredentials } from './issue.js';

export const credentialNumberTaken = (number: number) =>
  conflict(
    `Já existe uma credencial com o nº ${formatCredentialNumber(number)}. Confira o número da credencial em papel.`,
  );

/** The card already recorded with this number, if any. */
export async function credentialWithNumber(trx: Transaction<Database>, number: number) {
  return trx
    .selectFrom('credentials')
    .select(['id', 'member_id', 'issued_on'])
    .where('number', '=', number)
    .executeTakeFirst();
}

/** Records one paper card inside the caller's transaction; 422/409 in Portuguese. */
export async function recordPaperCredential(
  trx: Transaction<Database>,
  card: PaperCredentialInput,
  options: { actor: Actor; months: number; dialect: DialectHelpers },
): Promise<number> {
  // Locked as in issueCredential: the member's cards change one write at a time.
  const member = await options.dialect
    .forUpdate(trx.selectFrom('members').select('id').where('id', '=', card.member_id))
    .executeTakeFirst();
  if (!member) throw invalid({ member_id: 'Membro não encontrado.' });
  // The counter first: it holds the series until commit, so no issue takes this number meanwhile.
  await raiseCounter(trx, 'credential', card.number);
  if (await credentialWithNumber(trx, card.number)) throw credentialNumberTaken(card.number);
  const expiresOn = card.expires_on ?? credentialExpiry(card.issued_on, options.months);
  const active = await trx
    .selectFrom('credentials')
    .select('issued_on')
    .where('member_id', '=', card.member_id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  const current = !active || active.issued_on < card.issued_on;
  if (current) await revokeActiveCredentials(trx, card.member_id);
  const now = new Date().toISOString();
  try {
    const { id } = await trx
      .insertInto('credentials')
      .values({
        member_id: card.member_id,
        number: card.number,
        issued_on: card.issued_on,
        expires_on: expiresOn,
        status: current ? 'active' : 'revoked',
        code: newCredentialCode(),
        revoked_at: current ? null : now,
        issued_on_paper: true,
        created_by: options.actor.user_id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (current) {
      await trx
        .updateTable('members')
        .set({ credential_expires_on: expiresOn })
        .where('id', '=', card.member_id)
        .execute();
    }
    await audit(trx, options.actor, {
      action: 'record_paper',
      resource: 'credentials',
      record_id: id,
      member_id: card.member_id,
      after: { ...card, expires_on: expiresOn, status: current ? 'active' : 'revoked' },
    });
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) throw credentialNumberTaken(card.number);
    throw error;
  }
}
