// The member's side of the self-update (issue 28, no login): the link's page reads the member's
// own data of the allowed groups and the consent text; the one submission that wins kills the
// link and leaves the changes waiting for the secretary (the member's record is untouched).
import { now } from '../../../domain/dates.js';
import {
  SELF_UPDATE_LINK_EXPIRED,
  SELF_UPDATE_LINK_INVALID,
  SELF_UPDATE_LINK_REVOKED,
  SELF_UPDATE_LINK_USED,
  type SelfUpdateField,
  selfUpdateFields,
  selfUpdateSubmissionSchema,
} from '../../../domain/selfUpdate.js';
import { fieldErrors } from '../../../domain/validation.js';
import { type Actor, audit } from '../../audit/trail.js';
import { type Executor, inTransaction } from '../../db/executor.js';
import { ApiError, invalid } from '../../plugins/errors.js';
import { publicConsent, recordFormConsent, versionShown } from '../consents/index.js';
import { readSelfUpdateSettings } from './settings.js';
import { tokenDigest } from './links.js';

/** A token as links carry it (base64url of 32 bytes); anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const gone = (message: string) => new ApiError(410, message);

/** Why a link cannot be used now, or null when it can. */
function refusal(
  link: { revoked_at: string | null; submitted_at: string | null; expires_at: string },
  anonymized: boolean,
  at: string,
): ApiError | null {
  if (link.submitted_at) return gone(SELF_UPDATE_LINK_USED);
  if (link.revoked_at || anonymized) return gone(SELF_UPDATE_LINK_REVOKED);
  if (link.expires_at <= at) return gone(SELF_UPDATE_LINK_EXPIRED);
  return null;
}

/** The link of a token and its member: 404 unknown, 410 used, revoked or expired. */
async function usableLink(db: Executor, token: string, at: string) {
  if (!TOKEN.test(token)) throw new ApiError(404, SELF_UPDATE_LINK_INVALID);
  const link = await db
    .selectFrom('self_updates')
    .innerJoin('members', 'members.id', 'self_updates.member_id')
    .select([
      'self_updates.id',
      'self_updates.member_id',
      'self_updates.expires_at',
      'self_updates.revoked_at',
      'self_updates.submitted_at',
      'members.anonymized_at',
    ])
    .where('self_updates.token_digest', '=', tokenDigest(token))
    .executeTakeFirst();
  if (!link) throw new ApiError(404, SELF_UPDATE_LINK_INVALID);
  const refused = refusal(link, Boolean(link.anonymized_at), at);
  if (refused) throw refused;
  return link;
}

/** The member's current values of these fields. */
async function currentValues(db: Executor, memberId: number, fields: SelfUpdateField[]) {
  const row = await db
    .selectFrom('members')
    .select(['name', 'sex', ...fields])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row as unknown as { name: string; sex: string | null } & Record<
    SelfUpdateField,
    string | null
  >;
}

/** GET /api/public/self_updates/{token}: what the page shows. */
export async function selfUpdatePage(db: Executor, token: string) {
  const link = await usableLink(db, token, now().toISOString());
  const settings = await readSelfUpdateSettings(db);
  const fields = selfUpdateFields(settings.self_update_groups);
  const { name, sex, ...values } = await currentValues(db, link.member_id, fields);
  const church = await db
    .selectFrom('church')
    .select('name')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    name,
    sex,
    expires_at: link.expires_at,
    groups: settings.self_update_groups,
    fields,
    values,
    consent: await publicConsent(db, church.name),
  };
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

export const SELF_UPDATE_RECEIVED =
  'Dados recebidos! A secretaria da igreja vai conferir as alterações antes de atualizar o seu cadastro.';

/**
 * POST /api/public/self_updates/{token}: the allowed fields by the member schema's rules (422 for
 * a bad value or a field that is not allowed), then one conditional update claims the link — of
 * two submissions at once, the second finds it used (410) and writes nothing.
 */
export async function submitSelfUpdate(db: Executor, token: string, body: unknown, actor: Actor) {
  const at = now().toISOString();
  const link = await usableLink(db, token, at);
  const settings = await readSelfUpdateSettings(db);
  const fields = selfUpdateFields(settings.self_update_groups);
  const input = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const parsed = selfUpdateSubmissionSchema(settings.self_update_groups).safeParse(input);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  const version = await versionShown(db, parsed.success ? parsed.data.consent_version_id : null);
  if (!version) {
    errors.consent_version_id =
      'Versão do consentimento não encontrada: recarregue a página e confira o texto.';
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw invalid(errors);
  const proposed = parsed.data as Record<string, unknown>;

  const current = await currentValues(db, link.member_id, fields);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    // A field the form left out is kept as it is.
    if (!(field in input)) continue;
    const next = proposed[field] ?? null;
    if (!same(current[field], next)) changes[field] = [current[field] ?? null, next];
  }

  await inTransaction(db, async (trx) => {
    const claimed = await trx
      .updateTable('self_updates')
      .set({
        submitted_at: at,
        changes: JSON.stringify(changes),
        consent_version_id: version!.id,
        review_status: 'pending',
      })
      .where('id', '=', link.id)
      .where('submitted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      const again = await trx
        .selectFrom('self_updates')
        .select(['revoked_at', 'submitted_at', 'expires_at'])
        .where('id', '=', link.id)
        .executeTakeFirstOrThrow();
      throw refusal(again, false, at) ?? gone(SELF_UPDATE_LINK_USED);
    }
    await recordFormConsent(trx, link.member_id, {
      versionId: version!.id,
      at,
      guardianName: null,
    });
    // No user: the address and browser the form came from.
    await audit(trx, actor, {
      action: 'submit',
      resource: 'self_updates',
      record_id: link.id,
      member_id: link.member_id,
      changes,
    });
  });
  return { success: true, message: SELF_UPDATE_RECEIVED };
}
