// The receiving church's side (no login): the code printed on the transfer letter opens what the
// letter shows — the member's name, the sending church, the letter's number and date — and
// confirms the transfer. A bad, cancelled or used code is refused with its own message and
// nothing more (no state, dates or names of other transfers).
import type { Kysely } from 'kysely';
import { formatLetterNumber } from '../../../domain/letters.js';
import { TRANSFER_CODE_REFUSED, normalizeTransferCode } from '../../../domain/transfers.js';
import { transferConfirmationSchema } from '../../../domain/transferSchema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database, Transfer } from '../../db/schema.js';
import { conflict, notFound, validated } from '../../plugins/errors.js';
import type { Actor } from '../../audit/trail.js';
import { codeHash, confirmByCode, transferByCode } from './service.js';

/** The refusal of a code whose transfer is not open (or does not exist). */
function refusal(transfer: Pick<Transfer, 'state' | 'direction'> | undefined) {
  if (!transfer || transfer.direction !== 'outgoing') {
    return notFound(TRANSFER_CODE_REFUSED.unknown);
  }
  if (transfer.state === 'cancelled') return conflict(TRANSFER_CODE_REFUSED.cancelled);
  if (transfer.state === 'confirmed') return conflict(TRANSFER_CODE_REFUSED.confirmed);
  return null;
}

function hashOf(code: unknown): string {
  const normalized = normalizeTransferCode(code);
  if (normalized === null) throw notFound(TRANSFER_CODE_REFUSED.unknown);
  return codeHash(normalized);
}

/** What the letter shows, for an open transfer's code. */
export async function publicTransfer(db: Kysely<Database>, code: unknown) {
  const row = await transferByCode(db, hashOf(code));
  // An anonymized member's letter names nobody any more: as if the code did not exist.
  const refused = refusal(row?.anonymized_at ? undefined : row);
  if (refused) throw refused;
  const church = await db
    .selectFrom('church')
    .select(['name', 'city', 'state'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    member_name: row!.member_name,
    origin_church: church.name,
    origin_city: church.city ? `${church.city}${church.state ? `/${church.state}` : ''}` : null,
    letter_number: formatLetterNumber(row!.number, row!.year),
    letter_date: row!.issued_on,
  };
}

/** The receiving church confirms: the member leaves the sending church's roll. */
export async function publicConfirm(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  body: unknown,
  actor: Actor,
) {
  const hash = hashOf((body as { code?: unknown } | null)?.code);
  const input = validated(transferConfirmationSchema, body);
  const anonymized = await transferByCode(db, hash);
  await confirmByCode(
    db,
    dialect,
    hash,
    { receiving_church: input.receiving_church, confirmed_by_name: input.confirmed_by },
    actor,
    (transfer) => {
      const refused = refusal(anonymized?.anonymized_at ? undefined : transfer);
      if (refused) throw refused;
    },
  );
  return {
    success: true,
    message: `Transferência confirmada. A igreja de origem foi informada do recebimento de ${anonymized!.member_name}.`,
  };
}
