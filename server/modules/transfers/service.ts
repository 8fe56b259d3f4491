// Transfers between churches (issue 28): the outgoing one a transfer letter opens (requested →
// sent → confirmed, or cancelled) and the incoming one the secretary records. The member stays on
// the roll "em transferência" until the receiving church confirms; the confirmation moves the
// member to "transferred" and revokes the card in the same transaction, a cancellation returns
// the member to the status they had. Every step is audited with who and when.
import { adoptMemberColumns, milestonesFromColumns } from '../../db/milestoneProjection.js';
import { createHash, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { formatLetterNumber } from '../../../domain/letters.js';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  OPEN_TRANSFER_STATES,
  TRANSFERRING,
  TRANSFER_DIRECTIONS,
  TRANSFER_STATES,
  type TransferState,
} from '../../../domain/transfers.js';
import { incomingTransferSchema } from '../../../domain/transferSchema.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database, Transfer } from '../../db/schema.js';
import { applyFilters, pageOf, totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Scope, ensureReadable, ensureWritable } from '../../http/scope.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { ANONYMIZED_MEMBER_LOCKED } from '../../../domain/subjectRights.js';
import { revokeActiveCredentials } from '../credentials/index.js';
import { prepareMember } from '../members/index.js';

export const TRANSFER_NOT_FOUND = 'Transferência não encontrada.';
export const TRANSFER_SORTS = { created_at: 'transfers.created_at', id: 'transfers.id' } as const;

/** A new confirmation code (80 random bits) and the hash stored for it. */
export function newConfirmationCode(): { code: string; hash: string } {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return { code, hash: codeHash(code) };
}

/** The stored form of a (normalized) code. */
export const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

function transfersWithMember(db: Kysely<Database>) {
  return db
    .selectFrom('transfers')
    .innerJoin('members', 'members.id', 'transfers.member_id')
    .innerJoin('congregations', 'congregations.id', 'members.congregation_id')
    .leftJoin('letters', 'letters.id', 'transfers.letter_id')
    .leftJoin('users as confirmer', 'confirmer.id', 'transfers.confirmed_by')
    .leftJoin('users as canceller', 'canceller.id', 'transfers.cancelled_by')
    .leftJoin('users as sender', 'sender.id', 'transfers.sent_by')
    .selectAll('transfers')
    .select([
      'members.name as member_name',
      'members.status as member_status',
      'members.congregation_id',
      'congregations.name as congregation_name',
      'letters.number as letter_seq',
      'letters.year as letter_year',
      'letters.issued_on',
      'letters.destination_church',
      'letters.destination_city',
      'confirmer.name as confirmed_by_user',
      'canceller.name as cancelled_by_user',
      'sender.name as sent_by_user',
    ]);
}

type TransferRow = Transfer & {
  member_name: string;
  member_status: string;
  congregation_id: number;
  congregation_name: string;
  letter_seq: number | null;
  letter_year: number | null;
  issued_on: string | null;
  destination_church: string | null;
  destination_city: string | null;
  confirmed_by_user: string | null;
  cancelled_by_user: string | null;
  sent_by_user: string | null;
};

/** The API's transfer: the other church is the destination (outgoing) or the origin (incoming). */
function toApiTransfer(row: TransferRow) {
  const outgoing = row.direction === 'outgoing';
  return {
    id: row.id,
    direction: row.direction,
    state: row.state,
    member_id: row.member_id,
    member_name: row.member_name,
    member_status: row.member_status,
    congregation_id: row.congregation_id,
    congregation_name: row.congregation_name,
    letter_id: row.letter_id,
    letter_number:
      outgoing && row.letter_seq !== null && row.letter_year !== null
        ? formatLetterNumber(row.letter_seq, row.letter_year)
        : row.letter_number,
    letter_date: outgoing ? row.issued_on : row.letter_date,
    church: outgoing ? row.destination_church : row.origin_church,
    city: outgoing ? row.destination_city : row.origin_city,
    has_code: row.code_hash !== null,
    sent_at: row.sent_at,
    sent_by: row.sent_by_user,
    confirmed_at: row.confirmed_at,
    confirmed_by: row.confirmed_by_user,
    receiving_church: row.receiving_church,
    confirmed_by_name: row.confirmed_by_name,
    cancelled_at: row.cancelled_at,
    cancelled_by: row.cancelled_by_user,
    created_at: row.created_at,
  };
}

/** A transfer; one of a member outside `rights` does not exist for the reader (404). */
export async function loadTransfer(db: Kysely<Database>, id: number, rights: Scope = null) {
  const row = await transfersWithMember(db).where('transfers.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(TRANSFER_NOT_FOUND);
  ensureReadable(rights, row.congregation_id);
  return toApiTransfer(row);
}

/** The transfers of the view's members, newest first, outgoing and incoming together. */
export async function listTransfers(
  db: Kysely<Database>,
  { sort, range, filter }: ListParams,
  view: Scope = null,
) {
  let query = db.selectFrom('transfers');
  if (view !== null) {
    const ids = view.length > 0 ? [...view] : [0];
    query = query.where('transfers.member_id', 'in', (eb) =>
      eb.selectFrom('members').select('members.id').where('members.congregation_id', 'in', ids),
    );
  }
  query = applyFilters(query, filter, {
    id: 'ids',
    member_id: 'reference',
    letter_id: 'reference',
    direction: TRANSFER_DIRECTIONS,
    state: TRANSFER_STATES,
  });
  const column = TRANSFER_SORTS[sort.field as keyof typeof TRANSFER_SORTS];
  const [ids, total] = await Promise.all([
    pageOf(query.select('transfers.id'), column, sort, range).execute(),
    totalOf(db, query.select('transfers.id')),
  ]);
  if (ids.length === 0) return { rows: [], total };
  const rows = await transfersWithMember(db)
    .where(
      'transfers.id',
      'in',
      ids.map((row) => row.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, toApiTransfer(row)]));
  return { rows: ids.map((row) => byId.get(row.id)!), total };
}

/** The member's status moved by a transfer step, with its trail entry. */
async function moveMember(
  trx: Transaction<Database>,
  actor: Actor,
  memberId: number,
  [from, to]: [string, string],
  details: Record<string, number>,
) {
  await trx
    .updateTable('members')
    .set({ status: to, updated_at: new Date().toISOString() })
    .where('id', '=', memberId)
    .execute();
  await audit(trx, actor, {
    action: 'update',
    resource: 'members',
    record_id: memberId,
    changes: { status: [from, to] },
    details,
  });
}

/**
 * Opens the outgoing transfer of a transfer letter just issued (inside the issuing transaction,
 * the member row locked): the member becomes "em transferência". Returns the code to print.
 */
export async function openOutgoingTransfer(
  trx: Transaction<Database>,
  letter: { id: number; member_id: number },
  previousStatus: string,
  actor: Actor,
): Promise<{ id: number; code: string }> {
  const { code, hash } = newConfirmationCode();
  const now = new Date().toISOString();
  const { id } = await trx
    .insertInto('transfers')
    .values({
      direction: 'outgoing',
      state: 'requested',
      member_id: letter.member_id,
      letter_id: letter.id,
      previous_status: previousStatus,
      code_hash: hash,
      created_by: actor.user_id,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await moveMember(trx, actor, letter.member_id, [previousStatus, TRANSFERRING], {
    letter_id: letter.id,
    transfer_id: id,
  });
  await audit(trx, actor, {
    action: 'create',
    resource: 'transfers',
    record_id: id,
    member_id: letter.member_id,
    after: { direction: 'outgoing', state: 'requested' },
    details: { letter_id: letter.id },
  });
  return { id, code };
}

/** The transfer row locked for a step, with its member's congregation checked against `rights`. */
async function lockedTransfer(
  trx: Transaction<Database>,
  dialect: DialectHelpers,
  where: { id: number } | { code_hash: string },
) {
  let query = trx.selectFrom('transfers').selectAll();
  query =
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('code_hash', '=', where.code_hash);
  return dialect.forUpdate(query).executeTakeFirst();
}

const STATE_WORDS: Record<TransferState, string> = {
  requested: 'está aguardando o envio da carta',
  sent: 'está com a carta enviada',
  confirmed: 'já foi confirmada',
  cancelled: 'foi cancelada',
};

function ensureOpen(transfer: Transfer, step: string) {
  if (transfer.direction !== 'outgoing') {
    throw conflict(
      'Uma transferência recebida não tem essa etapa: ela foi registrada já confirmada.',
    );
  }
  if (!OPEN_TRANSFER_STATES.includes(transfer.state as TransferState)) {
    throw conflict(
      `Não é possível ${step}: a transferência ${STATE_WORDS[transfer.state as TransferState] ?? transfer.state}.`,
    );
  }
}

async function memberCongregationOf(trx: Transaction<Database>, memberId: number) {
  const member = await trx
    .selectFrom('members')
    .select(['congregation_id', 'status', 'anonymized_at'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return member;
}

/** One step of an open outgoing transfer by a signed-in user (locked, scoped, audited). */
async function step(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  id: number,
  actor: Actor,
  run: (trx: Transaction<Database>, transfer: Transfer) => Promise<void>,
) {
  await db.transaction().execute(async (trx) => {
    const transfer = await lockedTransfer(trx, dialect, { id });
    if (!transfer) throw notFound(TRANSFER_NOT_FOUND);
    const member = await memberCongregationOf(trx, transfer.member_id);
    ensureWritable(actor.rights, member.congregation_id);
    await run(trx, transfer);
  });
  return loadTransfer(db, id);
}

/** requested → sent: the letter went out. */
export function markSent(db: Kysely<Database>, dialect: DialectHelpers, id: number, actor: Actor) {
  return step(db, dialect, id, actor, async (trx, transfer) => {
    ensureOpen(transfer, 'marcar a carta como enviada');
    if (transfer.state === 'sent') throw conflict('A carta já está marcada como enviada.');
    const now = new Date().toISOString();
    await trx
      .updateTable('transfers')
      .set({ state: 'sent', sent_at: now, sent_by: actor.user_id })
      .where('id', '=', id)
      .execute();
    await audit(trx, actor, {
      action: 'send',
      resource: 'transfers',
      record_id: id,
      member_id: transfer.member_id,
      changes: { state: [transfer.state, 'sent'] },
    });
  });
}

/** Cancelled: the member returns to the status they had before the letter. */
export function cancelTransfer(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  id: number,
  actor: Actor,
) {
  return step(db, dialect, id, actor, async (trx, transfer) => {
    ensureOpen(transfer, 'cancelar');
    const now = new Date().toISOString();
    await trx
      .updateTable('transfers')
      .set({ state: 'cancelled', cancelled_at: now, cancelled_by: actor.user_id })
      .where('id', '=', id)
      .execute();
    const previous = transfer.previous_status ?? 'active';
    const member = await memberCongregationOf(trx, transfer.member_id);
    if (member.status === TRANSFERRING) {
      await moveMember(trx, actor, transfer.member_id, [TRANSFERRING, previous], {
        transfer_id: id,
      });
    }
    await audit(trx, actor, {
      action: 'cancel',
      resource: 'transfers',
      record_id: id,
      member_id: transfer.member_id,
      changes: { state: [transfer.state, 'cancelled'] },
    });
  });
}

export interface Confirmation {
  receiving_church: string;
  confirmed_by_name: string;
}

/**
 * Confirmed: the member leaves the roll ("transferred") and the card is revoked, in the caller's
 * transaction with the transfer row locked.
 */
async function complete(
  trx: Transaction<Database>,
  transfer: Transfer,
  confirmation: Confirmation,
  actor: Actor,
) {
  ensureOpen(transfer, 'confirmar');
  const now = new Date().toISOString();
  await trx
    .updateTable('transfers')
    .set({
      state: 'confirmed',
      confirmed_at: now,
      confirmed_by: actor.user_id,
      receiving_church: confirmation.receiving_church,
      confirmed_by_name: confirmation.confirmed_by_name,
    })
    .where('id', '=', transfer.id)
    .execute();
  const member = await memberCongregationOf(trx, transfer.member_id);
  if (member.status === TRANSFERRING) {
    await moveMember(trx, actor, transfer.member_id, [TRANSFERRING, 'transferred'], {
      transfer_id: transfer.id,
    });
  }
  await revokeActiveCredentials(trx, transfer.member_id);
  await audit(trx, actor, {
    action: 'confirm',
    resource: 'transfers',
    record_id: transfer.id,
    member_id: transfer.member_id,
    changes: { state: [transfer.state, 'confirmed'] },
    details: { ...confirmation },
  });
}

/** The sending church records the confirmation it received (a reply letter, a call). */
export function confirmTransfer(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  id: number,
  confirmation: Confirmation,
  actor: Actor,
) {
  return step(db, dialect, id, actor, (trx, transfer) =>
    complete(trx, transfer, confirmation, actor),
  );
}

/** The receiving church's confirmation through the public page, found by the code's hash. */
export async function confirmByCode(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  hash: string,
  confirmation: Confirmation,
  actor: Actor,
  refuse: (transfer: Transfer | undefined) => void,
) {
  await db.transaction().execute(async (trx) => {
    const transfer = await lockedTransfer(trx, dialect, { code_hash: hash });
    refuse(transfer);
    await complete(trx, transfer!, confirmation, actor);
  });
}

/** The transfer of a code's hash, for the public page (unscoped: the code is the key). */
export async function transferByCode(db: Kysely<Database>, hash: string) {
  return db
    .selectFrom('transfers')
    .innerJoin('members', 'members.id', 'transfers.member_id')
    .innerJoin('letters', 'letters.id', 'transfers.letter_id')
    .select([
      'transfers.id',
      'transfers.state',
      'transfers.direction',
      'members.name as member_name',
      'members.anonymized_at',
      'letters.number',
      'letters.year',
      'letters.issued_on',
    ])
    .where('transfers.code_hash', '=', hash)
    .executeTakeFirst();
}

/** A new code for an open transfer (a new print of its letter): the old one stops working. */
export async function renewCode(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  id: number,
  actor: Actor,
): Promise<{ code: string; letter_id: number }> {
  const { code, hash } = newConfirmationCode();
  let letterId = 0;
  await step(db, dialect, id, actor, async (trx, transfer) => {
    ensureOpen(transfer, 'gerar um novo código');
    letterId = transfer.letter_id!;
    await trx.updateTable('transfers').set({ code_hash: hash }).where('id', '=', id).execute();
    await audit(trx, actor, {
      action: 'reprint',
      resource: 'transfers',
      record_id: id,
      member_id: transfer.member_id,
      details: { new_code: 'Sim' },
    });
  });
  return { code, letter_id: letterId };
}

/** Whether `code` (normalized) opens the open transfer of this letter: printed on its PDF. */
export async function codeOfLetter(
  db: Kysely<Database>,
  letterId: number,
  code: string | null,
): Promise<string | null> {
  if (code === null) return null;
  const found = await db
    .selectFrom('transfers')
    .select('id')
    .where('letter_id', '=', letterId)
    .where('code_hash', '=', codeHash(code))
    .where('state', 'in', [...OPEN_TRANSFER_STATES])
    .executeTakeFirst();
  return found ? code : null;
}

/**
 * An incoming transfer: the letter received from another church, and the member admitted with
 * status "active", admission type "carta de transferência" and the origin church — a new record
 * or an existing one (a former member, a visitor's record).
 */
export async function recordIncoming(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  body: unknown,
  actor: Actor,
) {
  const input = validated(incomingTransferSchema, body);
  const admission = {
    status: 'active',
    admission_type: 'transfer_letter',
    admission_date: input.admission_date,
    origin_church: input.origin_church,
  };
  // A new record has only the name: the required custom fields are left for the secretary.
  const prepared =
    input.member_id === null
      ? await prepareMember(
          db,
          { name: input.name, congregation_id: input.congregation_id, ...admission },
          undefined,
          { rights: actor.rights, missingCustomLater: true },
        )
      : null;
  const id = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    let memberId: number;
    if (input.member_id !== null) {
      const member = await dialect
        .forUpdate(
          trx
            .selectFrom('members')
            .select(['id', 'status', 'congregation_id', 'anonymized_at', 'admission_type'])
            .select(['admission_date', 'origin_church'])
            .where('id', '=', input.member_id),
        )
        .executeTakeFirst();
      if (!member) throw invalid({ member_id: 'Membro não encontrado.' });
      ensureWritable(actor.rights, member.congregation_id);
      if (member.anonymized_at) throw invalid({ member_id: ANONYMIZED_MEMBER_LOCKED });
      if (member.status === TRANSFERRING) {
        throw invalid({
          member_id:
            'Este membro está em transferência para outra igreja: cancele essa transferência antes.',
        });
      }
      await trx
        .updateTable('members')
        .set({ ...admission, updated_at: now })
        .where('id', '=', member.id)
        .execute();
      await audit(trx, actor, {
        action: 'update',
        resource: 'members',
        record_id: member.id,
        before: {
          status: member.status,
          admission_type: member.admission_type,
          admission_date: member.admission_date,
          origin_church: member.origin_church,
        },
        after: admission,
      });
      // The reception by letter is the member's milestone (the columns are its projection).
      await adoptMemberColumns(trx, member.id, actor);
      memberId = member.id;
    } else {
      const { columns } = prepared!;
      ({ id: memberId } = await trx
        .insertInto('members')
        .values({ ...columns, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow());
      await audit(trx, actor, {
        action: 'create',
        resource: 'members',
        record_id: memberId,
        after: columns,
      });
      await milestonesFromColumns(trx, [memberId], actor);
    }
    const { id } = await trx
      .insertInto('transfers')
      .values({
        direction: 'incoming',
        state: 'confirmed',
        member_id: memberId,
        origin_church: input.origin_church,
        origin_city: input.origin_city,
        letter_number: input.letter_number,
        letter_date: input.letter_date,
        confirmed_at: now,
        confirmed_by: actor.user_id,
        created_by: actor.user_id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actor, {
      action: 'create',
      resource: 'transfers',
      record_id: id,
      member_id: memberId,
      after: {
        direction: 'incoming',
        origin_church: input.origin_church,
        origin_city: input.origin_city,
        letter_number: input.letter_number,
        letter_date: input.letter_date,
      },
    });
    return id;
  });
  return loadTransfer(db, id);
}
