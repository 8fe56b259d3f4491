// Every consent given or revoked, per member (or per self-registration, a pending member, whose
// record carries over when it is approved: it is the same row). Append-only: a revocation is a
// new record, never a change to the grant.
import { type Actor, audit } from '../../audit/trail.js';
import type { Kysely, Transaction } from 'kysely';
import {
  type ConsentRecord,
  consentActionSchema,
  consentInstant,
  consentState,
} from '../../../domain/consents.js';
import { isMinor } from '../../../domain/registration.js';
import { ANONYMIZED_MEMBER_LOCKED } from '../../../domain/subjectRights.js';
import { now, todayIso } from '../../../domain/dates.js';
import { formatDate } from '../../../domain/formats.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { type Scope, ensureWritable } from '../../http/scope.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import { MEMBER_NOT_FOUND, memberCongregation } from '../members/index.js';
import { currentVersion, versionForField } from './versions.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The member's records, newest first, with the version number and who recorded each. */
async function records(db: Db, memberId: number): Promise<ConsentRecord[]> {
  const rows = await db
    .selectFrom('member_consents')
    .innerJoin('consent_versions', 'consent_versions.id', 'member_consents.consent_version_id')
    .leftJoin('users', 'users.id', 'member_consents.recorded_by')
    .select([
      'member_consents.id',
      'member_consents.member_id',
      'member_consents.consent_version_id',
      'consent_versions.version',
      'member_consents.action',
      'member_consents.channel',
      'member_consents.at',
      'member_consents.recorded_by',
      'users.name as recorded_by_name',
      'member_consents.guardian_name',
    ])
    .where('member_consents.member_id', '=', memberId)
    .orderBy('member_consents.at', 'desc')
    .orderBy('member_consents.id', 'desc')
    .execute();
  return rows as ConsentRecord[];
}

/** GET /api/members/{id}/consents: the history, newest first (404 outside the rights). */
export async function listMemberConsents(db: Kysely<Database>, memberId: number, rights: Scope) {
  await memberCongregation(db, memberId, rights);
  return records(db, memberId);
}

/** The consent the public form gathered, recorded with the registration (same transaction). */
export async function recordFormConsent(
  trx: Db,
  memberId: number,
  consent: { versionId: number; at: string; guardianName: string | null },
) {
  await recordGrant(trx, memberId, { ...consent, channel: 'form', recordedBy: null });
}

/**
 * A grant given before the member existed, carried into their history (same transaction): the
 * public form's, or a visitor's consent to be contacted when the visitor becomes a member.
 */
export async function recordGrant(
  trx: Db,
  memberId: number,
  consent: {
    versionId: number;
    at: string;
    guardianName: string | null;
    channel: 'form' | 'staff';
    recordedBy: number | null;
  },
) {
  await trx
    .insertInto('member_consents')
    .values({
      member_id: memberId,
      consent_version_id: consent.versionId,
      action: 'grant',
      channel: consent.channel,
      at: consent.at,
      recorded_by: consent.recordedBy,
      guardian_name: consent.guardianName,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export interface ConsentRecorder {
  actor: Actor;
  dialect: DialectHelpers;
}

/**
 * POST /api/members/{id}/consents: a user records a consent given (on paper, in person) or its
 * revocation. 404 for a missing member, 403 outside the rights, 422 for a bad field, 409 when
 * the state does not allow it (revoking what is not given, giving what is already given).
 */
export async function recordConsent(
  db: Kysely<Database>,
  memberId: number,
  body: unknown,
  recorder: ConsentRecorder,
) {
  const stored = await db
    .selectFrom('members')
    .select(['id', 'congregation_id', 'anonymized_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!stored) throw notFound(MEMBER_NOT_FOUND);
  ensureWritable(recorder.actor.rights, stored.congregation_id);
  if (stored.anonymized_at) throw conflict(ANONYMIZED_MEMBER_LOCKED);
  const input = validated(consentActionSchema, body ?? {});
  if (input.channel === 'form') {
    throw invalid({
      channel:
        'O canal "form" é o do formulário público (/meu_cadastro): um registro feito pela secretaria usa "staff".',
    });
  }
  // Today's date (or none) is now; another day, its noon in the church's time zone.
  let at = input.at && input.at !== todayIso() ? consentInstant(input.at)! : now().toISOString();
  // A minute of leeway for the clocks of the browser and the server.
  if (Date.parse(at) > now().getTime() + 60_000) {
    throw invalid({ at: 'A data do consentimento não pode estar no futuro.' });
  }

  await db.transaction().execute(async (trx) => {
    // Two records at once for the same member (two tabs): one after the other.
    const member = await recorder.dialect
      .forUpdate(
        trx
          .selectFrom('members')
          .select(['id', 'birth_date', 'created_at'])
          .where('id', '=', memberId),
      )
      .executeTakeFirst();
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    const history = await records(trx, memberId);
    const { state: currentState, latest } = consentState(history);
    const state = {
      state: currentState,
      consent_version_id: latest?.consent_version_id ?? null,
      version: latest?.version ?? null,
    };
    if (history[0] && at < history[0].at) {
      throw invalid({
        at: 'A data não pode ser anterior ao último registro de consentimento deste membro.',
      });
    }

    let versionId: number;
    let guardianName: string | null = null;
    if (input.action === 'revoke') {
      if (state.state !== 'granted') {
        throw conflict(
          state.state === 'revoked'
            ? 'O consentimento deste membro já está revogado.'
            : 'Este membro não tem consentimento registrado: não há o que revogar.',
        );
      }
      if (input.consent_version_id && input.consent_version_id !== state.consent_version_id) {
        throw invalid({
          consent_version_id: `O consentimento em vigor é o da versão ${state.version}: é ele que se revoga.`,
        });
      }
      if (input.guardian_name) {
        throw invalid({
          guardian_name: 'O nome do responsável vale só para registrar um consentimento.',
        });
      }
      versionId = state.consent_version_id!;
    } else {
      const version = input.consent_version_id
        ? await versionForField(trx, input.consent_version_id, 'consent_version_id')
        : await currentVersion(trx);
      if (state.state === 'granted' && state.consent_version_id === version.id) {
        throw conflict(`O consentimento deste membro já está dado na versão ${version.version}.`);
      }
      // Nobody agreed to a text before it was written (issue 22): from the version's day on; on
      // that day itself, not before the moment it was saved.
      const versionDay = todayIso(new Date(version.created_at));
      if (todayIso(new Date(at)) < versionDay) {
        throw invalid({
          at:
            `A data não pode ser anterior ao texto consentido: a versão ${version.version} ` +
            `foi salva em ${formatDate(versionDay)}.`,
        });
      }
      if (at < version.created_at) at = version.created_at;
      const on = todayIso(new Date(at));
      if (isMinor(member.birth_date, on)) {
        if (!input.guardian_name) {
          throw invalid({
            guardian_name: 'Menor de 18 anos: informe o nome do responsável que autoriza.',
          });
        }
        guardianName = input.guardian_name;
      } else if (input.guardian_name) {
        throw invalid({
          guardian_name: 'O nome do responsável só é pedido para menores de 18 anos.',
        });
      }
      versionId = version.id;
    }

    await trx
      .insertInto('member_consents')
      .values({
        member_id: memberId,
        consent_version_id: versionId,
        action: input.action,
        channel: 'staff',
        at,
        recorded_by: recorder.actor.user_id,
        guardian_name: guardianName,
        created_at: new Date().toISOString(),
      })
      .execute();
    await audit(trx, recorder.actor, {
      action: input.action,
      resource: 'consents',
      record_id: null,
      member_id: memberId,
      after: { consent_version_id: versionId, channel: 'staff', at, guardian_name: guardianName },
    });
  });
  // The new record is the newest (its date is not before the last one's; ties by id).
  return (await records(db, memberId))[0];
}
