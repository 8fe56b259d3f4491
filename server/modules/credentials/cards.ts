// The printable cards of chosen credentials (PDF), each with a QR code to its public check page.
import type { Kysely } from 'kysely';
import {
  credentialCheckPath,
  credentialState,
  formatCredentialNumber,
} from '../../../domain/credentials.js';
import { todayIso } from '../../../domain/dates.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { credentialCardsPdf } from '../../pdf/credentialCard.js';
import { NOT_FOUND } from './repository.js';
import { type Scope, canRead } from '../../http/scope.js';

/** The cards of `ids` inside `rights` (a card of another congregation does not exist: 404). */
export async function cardsPdf(
  db: Kysely<Database>,
  ids: number[],
  origin: string,
  rights: Scope = null,
) {
  const today = todayIso();
  const rows = await db
    .selectFrom('credentials')
    .innerJoin('members', 'members.id', 'credentials.member_id')
    .leftJoin('positions', 'positions.id', 'members.position_id')
    .innerJoin('congregations', 'congregations.id', 'members.congregation_id')
    .select([
      'credentials.id',
      'credentials.number',
      'credentials.issued_on',
      'credentials.expires_on',
      'credentials.status',
      'credentials.code',
      'credentials.issued_on_paper',
      'members.name',
      'members.status as member_status',
      'members.admission_date',
      'positions.name as position',
      'members.congregation_id',
      'congregations.name as congregation_name',
    ])
    .where('credentials.id', 'in', ids)
    .execute();
  const byId = new Map(
    rows.filter((row) => canRead(rights, row.congregation_id)).map((row) => [row.id, row]),
  );
  const cards = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  if (cards.length === 0) throw notFound(NOT_FOUND);
  const revoked = cards.find(
    (card) => credentialState(card, card.member_status, today) === 'revoked',
  );
  if (revoked) {
    throw conflict(
      `A credencial nº ${formatCredentialNumber(revoked.number)} (${revoked.name}) está revogada e não pode ser impressa.`,
    );
  }
  // The card in the member's hands is the paper one: Adam has no copy to print (a card with
  // Adam's QR code is a new one: "Renovar").
  const paper = cards.find((card) => Boolean(card.issued_on_paper));
  if (paper) {
    throw conflict(
      `A credencial nº ${formatCredentialNumber(paper.number)} (${paper.name}) foi emitida em papel antes do Adam e não pode ser impressa por ele. Para uma credencial impressa pelo Adam, com QR code, renove a credencial.`,
    );
  }
  const church = await db
    .selectFrom('church')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return credentialCardsPdf(
    church,
    cards.map((card) => ({ ...card, check_url: `${origin}${credentialCheckPath(card.code)}` })),
    async (page) =>
      new Map(
        (
          await db
            .selectFrom('credentials')
            .innerJoin('members', 'members.id', 'credentials.member_id')
            .select(['credentials.id', 'members.photo'])
            .where('credentials.id', 'in', page)
            .execute()
        ).map((row) => [row.id, row.photo]),
      ),
  );
}
