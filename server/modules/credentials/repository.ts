// Member cards read and written: the list and one card as the API answers them, issue (one or
// many, in one transaction), revocation and the public check (rules of a card: issue.ts).
import type { Kysely } from 'kysely';
import { CREDENTIAL_CODE, credentialState } from '../../../domain/credentials.js';
import { todayIso } from '../../../domain/dates.js';
import { recordIdOf } from '../../../domain/fields.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { type Actor } from '../../audit/trail.js';
import { applyFilters, pageOf, totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { paperCredentialSchema } from '../../../domain/paperHistory.js';
import { badRequest, invalid, notFound, validated } from '../../plugins/errors.js';
import { type Scope, canRead } from '../../http/scope.js';
import { ensureMemberWritable, listCongregations, throughMember } from '../members/index.js';
import { ensureChurchReadyForDocuments } from '../church/index.js';
import { issueCredential, revokeCredential, toApiCredential, validityMonths } from './issue.js';
import { recordPaperCredential } from './paper.js';

export const NOT_FOUND = 'Credencial não encontrada.';
export const CREDENTIAL_SORTS = {
  number: 'number',
  issued_on: 'issued_on',
  expires_on: 'expires_on',
  id: 'id',
} as const;
/** Cards per printed batch (40 A4 pages). */
export const MAX_BATCH = 200;

export function positiveIds(value: unknown, max: number, message: string): number[] {
  const ids = Array.isArray(value) ? value : [];
  if (
    ids.length === 0 ||
    ids.length > max ||
    !ids.every((id) => typeof id === 'number' && recordIdOf(id) !== null)
  )
    throw badRequest(message);
  return [...new Set(ids as number[])];
}

/** The cards of `ids` as the API answers them; those outside `rights` are left out. */
export async function loadCredentials(db: Kysely<Database>, ids: number[], rights: Scope = null) {
  if (ids.length === 0) return [];
  const today = todayIso();
  const rows = await db
    .selectFrom('credentials')
    .innerJoin('members', 'members.id', 'credentials.member_id')
    .innerJoin('congregations', 'congregations.id', 'members.congregation_id')
    .selectAll('credentials')
    .select([
      'members.name as member_name',
      'members.status as member_status',
      'members.congregation_id',
      'congregations.name as congregation_name',
    ])
    .where('credentials.id', 'in', ids)
    .execute();
  const byId = new Map(
    rows
      .filter((row) => canRead(rights, row.congregation_id))
      .map((row) => [
        row.id,
        toApiCredential(
          row,
          {
            name: row.member_name,
            status: row.member_status,
            congregation_id: row.congregation_id,
            congregation_name: row.congregation_name,
          },
          today,
        ),
      ]),
  );
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

/** The cards of the view's members (the filter's congregation_id inside the view). */
export async function listCredentials(
  db: Kysely<Database>,
  { sort, range, filter }: ListParams,
  view: Scope = null,
) {
  let query = throughMember(
    db.selectFrom('credentials'),
    'credentials.member_id',
    listCongregations(filter, view),
  );
  query = applyFilters(query, filter, {
    congregation_id: (applied) => applied, // by listCongregations above
    member_id: 'reference',
    id: 'ids',
    status: ['active', 'revoked'],
  });
  const column = CREDENTIAL_SORTS[sort.field as keyof typeof CREDENTIAL_SORTS];
  const [ids, total] = await Promise.all([
    pageOf(query.select('credentials.id'), column, sort, range).execute(),
    totalOf(db, query.select('credentials.id')),
  ]);
  const rows = await loadCredentials(
    db,
    ids.map((row) => row.id),
  );
  return { rows, total };
}

interface Issuer {
  actor: Actor;
  dialect: DialectHelpers;
  /** The user's congregations: a card for a member elsewhere is a 403. */
  rights: Scope;
}

/** A card for one member (also "renew"), from a body's member_id. */
export async function issueOne(db: Kysely<Database>, memberIdValue: unknown, issuer: Issuer) {
  const memberId = recordIdOf(memberIdValue);
  if (memberId === null) {
    throw invalid({ member_id: 'Informe o membro.' });
  }
  await ensureMemberWritable(db, [memberId], issuer.rights);
  await ensureChurchReadyForDocuments(db);
  const months = await validityMonths(db);
  const id = await db.transaction().execute((trx) =>
    issueCredential(trx, memberId, {
      today: todayIso(),
      actor: issuer.actor,
      months,
      dialect: issuer.dialect,
    }),
  );
  return (await loadCredentials(db, [id]))[0];
}

/** A card issued on paper before Adam, with its own number, issue date and validity. */
export async function recordPaperOne(db: Kysely<Database>, body: unknown, issuer: Issuer) {
  const card = validated(paperCredentialSchema, body);
  await ensureMemberWritable(db, [card.member_id], issuer.rights);
  const months = await validityMonths(db);
  const id = await db.transaction().execute((trx) =>
    recordPaperCredential(trx, card, {
      actor: issuer.actor,
      months,
      dialect: issuer.dialect,
    }),
  );
  return (await loadCredentials(db, [id]))[0];
}

/** Cards for the chosen members at once; members who may not get one are skipped. */
export async function issueMany(
  db: Kysely<Database>,
  body: { member_ids?: unknown; renew?: unknown },
  issuer: Issuer,
) {
  const memberIds = positiveIds(
    body.member_ids,
    MAX_BATCH,
    `Selecione de 1 a ${MAX_BATCH} membros.`,
  );
  await ensureMemberWritable(db, memberIds, issuer.rights);
  await ensureChurchReadyForDocuments(db);
  const today = todayIso();
  const months = await validityMonths(db);
  return db.transaction().execute(async (trx) => {
    // Active members without a valid card (renew: every active member); others are skipped.
    let eligibleQuery = trx
      .selectFrom('members')
      .select('id')
      .where('id', 'in', memberIds)
      .where('status', '=', 'active')
      .where('anonymized_at', 'is', null);
    if (body.renew !== true) {
      eligibleQuery = eligibleQuery.where((eb) =>
        eb.or([eb('credential_expires_on', 'is', null), eb('credential_expires_on', '<', today)]),
      );
    }
    const eligible = await eligibleQuery.orderBy('sort_name').orderBy('id').execute();
    const ids: number[] = [];
    for (const member of eligible) {
      ids.push(
        await issueCredential(trx, member.id, {
          today,
          actor: issuer.actor,
          months,
          dialect: issuer.dialect,
        }),
      );
    }
    return { issued: ids.length, skipped: memberIds.length - ids.length, ids };
  });
}

export async function revokeOne(
  db: Kysely<Database>,
  id: number,
  dialect: DialectHelpers,
  actor: Actor,
) {
  const { rights } = actor;
  const card = await db
    .selectFrom('credentials')
    .select('member_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!card) throw notFound(NOT_FOUND);
  await ensureMemberWritable(db, [card.member_id], rights);
  await db.transaction().execute((trx) => revokeCredential(trx, id, dialect, actor));
  return (await loadCredentials(db, [id]))[0];
}

/** What the QR code's page shows: only what a card shows, never CPF, address or contacts (LGPD). */
export async function publicCredential(db: Kysely<Database>, code: string) {
  if (!CREDENTIAL_CODE.test(code)) throw notFound(NOT_FOUND);
  const row = await db
    .selectFrom('credentials')
    .innerJoin('members', 'members.id', 'credentials.member_id')
    .leftJoin('positions', 'positions.id', 'members.position_id')
    .select([
      'credentials.status',
      'credentials.expires_on',
      'members.name',
      'members.status as member_status',
      'members.photo',
      'members.photo_thumb',
      'positions.name as position',
    ])
    .where('credentials.code', '=', code)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  const status = credentialState(row, row.member_status, todayIso());
  // A card that no longer holds says whose it was and that it does not hold: no photo, position
  // or date that a holder could show as if it still did (LGPD: nothing more than needed).
  if (status !== 'valid') return { name: row.name, status };
  return {
    name: row.name,
    photo: row.photo ?? row.photo_thumb,
    position: row.position ?? null,
    expires_on: row.expires_on,
    status,
  };
}
