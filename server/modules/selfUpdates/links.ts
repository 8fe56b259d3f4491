// The personal links of the self-update (issue 28): created by the secretary for one member,
// valid for the church's days, listed on the member's page and revoked there. The token has 256
// random bits and lives only in the link: the table keeps its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { now, todayIso } from '../../../domain/dates.js';
import { formatDate } from '../../../domain/formats.js';
import { whatsappUrl } from '../../../domain/reports.js';
import {
  SELF_UPDATE_PATH,
  SELF_UPDATE_STATE_LABELS,
  selfUpdateMessage,
  selfUpdateState,
} from '../../../domain/selfUpdate.js';
import { ANONYMIZED_MEMBER_LOCKED } from '../../../domain/subjectRights.js';
import { type Actor, audit } from '../../audit/trail.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { ensureReadable, ensureWritable } from '../../http/scope.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { MEMBER_NOT_FOUND } from '../members/index.js';
import { queueMemberEmail } from '../messages/index.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readSelfUpdateSettings } from './settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const LINK_NOT_FOUND = 'Link de atualização não encontrado.';

/** The digest stored for a token. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** What every screen and the data export read of a link (linkToApi's columns). */
export const LINK_COLUMNS = [
  'self_updates.id',
  'self_updates.member_id',
  'self_updates.created_at',
  'self_updates.expires_at',
  'self_updates.revoked_at',
  'self_updates.submitted_at',
  'self_updates.review_status',
  'self_updates.reviewed_at',
  'self_updates.changes',
] as const;

/** The columns every screen reads of a link, with its state at `at`. */
export function linkToApi(
  row: {
    id: number;
    member_id: number;
    created_at: string;
    expires_at: string;
    revoked_at: string | null;
    submitted_at: string | null;
    review_status: string | null;
    reviewed_at: string | null;
    changes: string | null;
    created_by_name?: string | null;
    reviewed_by_name?: string | null;
  },
  at: string,
) {
  const state = selfUpdateState(row, at);
  return {
    id: row.id,
    member_id: row.member_id,
    created_at: row.created_at,
    created_by_name: row.created_by_name ?? null,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    submitted_at: row.submitted_at,
    reviewed_at: row.reviewed_at,
    reviewed_by_name: row.reviewed_by_name ?? null,
    state,
    state_label: SELF_UPDATE_STATE_LABELS[state],
    changes: row.changes ? (JSON.parse(row.changes) as Record<string, [unknown, unknown]>) : null,
  };
}

/** The member a link is made for: 404 missing, 403 outside the rights. */
async function writableMember(db: Executor, memberId: number, actor: Actor) {
  const member = await db
    .selectFrom('members')
    .select(['id', 'name', 'phone_mobile', 'congregation_id', 'anonymized_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  ensureWritable(actor.rights, member.congregation_id);
  if (member.anonymized_at) throw conflict(ANONYMIZED_MEMBER_LOCKED);
  return member;
}

/**
 * A new personal link for the member, valid for the church's days: the URL to copy, the message
 * to send and its wa.me link to the member's mobile (null without one). The token is answered
 * here only; the e-mail queue (issue 28, messages) sends the same URL and message.
 */
export async function createSelfUpdateLink(
  db: Executor,
  memberId: number,
  { actor, origin }: { actor: Actor; origin: string },
) {
  const member = await writableMember(db, memberId, actor);
  const settings = await readSelfUpdateSettings(db);
  const token = randomBytes(32).toString('base64url');
  const created = now();
  const createdAt = created.toISOString();
  const expiresAt = new Date(created.getTime() + settings.self_update_days * DAY_MS).toISOString();
  const church = await db
    .selectFrom('church')
    .select('name')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const id = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('self_updates')
      .values({
        member_id: member.id,
        token_digest: tokenDigest(token),
        created_by: actor.user_id,
        created_at: createdAt,
        expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actor, {
      action: 'create',
      resource: 'self_updates',
      record_id: row.id,
      member_id: member.id,
      after: { member_id: member.id, expires_at: expiresAt },
    });
    return row.id;
  });
  const url = `${origin}${SELF_UPDATE_PATH}/${token}`;
  const message = selfUpdateMessage(
    member.name,
    church.name,
    url,
    formatDate(todayIso(new Date(expiresAt))),
  );
  return {
    id,
    member_id: member.id,
    token,
    url,
    expires_at: expiresAt,
    message,
    whatsapp_url: whatsappUrl(member.phone_mobile, message),
  };
}

/** The member's links, newest first, with their state and the changes sent. */
export async function memberSelfUpdateLinks(db: Executor, memberId: number, actor: Actor) {
  const member = await db
    .selectFrom('members')
    .select('congregation_id')
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  ensureReadable(actor.rights, member.congregation_id);
  const rows = await db
    .selectFrom('self_updates')
    .leftJoin('users as creator', 'creator.id', 'self_updates.created_by')
    .leftJoin('users as reviewer', 'reviewer.id', 'self_updates.reviewed_by')
    .select([
      ...LINK_COLUMNS,
      'creator.name as created_by_name',
      'reviewer.name as reviewed_by_name',
    ])
    .where('self_updates.member_id', '=', memberId)
    .orderBy('self_updates.id', 'desc')
    .execute();
  const at = now().toISOString();
  return rows.map((row) => linkToApi(row, at));
}

/** A link to change (revoke, review): 404 missing, 403 when its member is outside the rights. */
export async function scopedLink(db: Executor, id: number, actor: Actor) {
  const row = await db
    .selectFrom('self_updates')
    .innerJoin('members', 'members.id', 'self_updates.member_id')
    .selectAll('self_updates')
    .select(['members.congregation_id', 'members.anonymized_at'])
    .where('self_updates.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(LINK_NOT_FOUND);
  ensureWritable(actor.rights, row.congregation_id);
  return row;
}

export const NOT_REVOCABLE = 'Este link já foi usado ou cancelado: não há o que revogar.';

/** Revokes a link the member has not used yet (an expired one too: it says so in the list). */
export async function revokeSelfUpdateLink(db: Executor, id: number, actor: Actor) {
  const link = await scopedLink(db, id, actor);
  const at = now().toISOString();
  await inTransaction(db, async (trx) => {
    const revoked = await trx
      .updateTable('self_updates')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where('submitted_at', 'is', null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) !== 1) throw conflict(NOT_REVOCABLE);
    await audit(trx, actor, {
      action: 'revoke',
      resource: 'self_updates',
      record_id: id,
      member_id: link.member_id,
      changes: { revoked_at: [null, at] },
    });
  });
  return linkToApi({ ...link, revoked_at: at }, at);
}

/**
 * POST /api/self_updates/:id/email: the link just made, sent to the member's e-mail through the
 * message queue. The token comes back from the screen that showed it (the table keeps only its
 * digest); a link already used, revoked or expired is not sent.
 */
export async function emailSelfUpdateLink(
  db: Kysely<Database>,
  dialect: DialectHelpers,
  id: number,
  token: string,
  { actor, origin }: { actor: Actor; origin: string },
) {
  const link = await db
    .selectFrom('self_updates')
    .select(['id', 'member_id', 'token_digest', 'expires_at', 'revoked_at', 'review_status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!link) throw notFound(LINK_NOT_FOUND);
  const member = await writableMember(db, link.member_id, actor);
  if (tokenDigest(token) !== link.token_digest) {
    throw invalid({ token: 'Este não é o código deste link: gere um novo link para enviar.' });
  }
  const state = selfUpdateState(link, now().toISOString());
  if (state !== 'open') {
    throw conflict(
      `Este link não pode mais ser enviado: ${SELF_UPDATE_STATE_LABELS[state].toLowerCase()}.`,
    );
  }
  const church = await db
    .selectFrom('church')
    .select('name')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const url = `${origin}${SELF_UPDATE_PATH}/${token}`;
  const body = selfUpdateMessage(
    member.name,
    church.name,
    url,
    formatDate(todayIso(new Date(link.expires_at))),
  );
  return queueMemberEmail(
    db,
    dialect,
    {
      memberId: member.id,
      congregationId: member.congregation_id,
      kind: 'self_update',
      subject: `${church.name}: atualize o seu cadastro`,
      body,
      linkBase: origin,
    },
    actor,
  );
}
