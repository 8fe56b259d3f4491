// The rules of member cards: who may get one, numbering, validity, revocation. Every write
// keeps members.credential_expires_on equal to the expiry of the member's active card.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  type CredentialState,
  credentialExpiry,
  credentialState,
} from '../../../domain/credentials.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Credential, Database } from '../../db/schema.js';
import { nextNumber } from '../../db/counters.js';
import { ANONYMIZED_MEMBER_LOCKED } from '../../../domain/subjectRights.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';

export type CredentialRow = Credential;

export const NOT_ACTIVE =
  'Só membros com situação Ativo podem receber credencial. Altere a situação do membro primeiro.';

/** 192 random bits, URL-safe (32 characters): the address of the public check page. */
export function newCredentialCode(): string {
  return randomBytes(24).toString('base64url');
}

export async function validityMonths(db: Kysely<Database> | Transaction<Database>) {
  const church = await db
    .selectFrom('church')
    .select('credential_validity_months')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return church.credential_validity_months;
}

/** Revokes the member's active card, if any (inside the caller's transaction). */
export async function revokeActiveCredentials(trx: Transaction<Database>, memberId: number) {
  const now = new Date().toISOString();
  await trx
    .updateTable('credentials')
    .set({ status: 'revoked', revoked_at: now })
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .execute();
  await trx
    .updateTable('members')
    .set({ credential_expires_on: null })
    .where('id', '=', memberId)
    .execute();
}

/**
 * Issues the member's next card (also "renew"): the previous active card is revoked, the number
 * is the next of the series, validity starts today. Throws 404/422 in Portuguese.
 */
export async function issueCredential(
  trx: Transaction<Database>,
  memberId: number,
  options: { today: string; actor: Actor; months: number; dialect: DialectHelpers },
): Promise<number> {
  // The member row stays locked until commit, so two issues for one member run one after the
  // other (the second then revokes the first) instead of both inserting an active card.
  const member = await options.dialect
    .forUpdate(
      trx
        .selectFrom('members')
        .select(['id', 'status', 'anonymized_at'])
        .where('id', '=', memberId),
    )
    .executeTakeFirst();
  if (!member) throw invalid({ member_id: 'Membro não encontrado.' });
  if (member.anonymized_at) throw invalid({ member_id: ANONYMIZED_MEMBER_LOCKED });
  if (member.status !== 'active') throw invalid({ member_id: NOT_ACTIVE });
  await revokeActiveCredentials(trx, memberId);
  const number = await nextNumber(trx, 'credential');
  const expiresOn = credentialExpiry(options.today, options.months);
  const { id } = await trx
    .insertInto('credentials')
    .values({
      member_id: memberId,
      number,
      issued_on: options.today,
      expires_on: expiresOn,
      status: 'active',
      code: newCredentialCode(),
      revoked_at: null,
      created_by: options.actor.user_id,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('members')
    .set({ credential_expires_on: expiresOn })
    .where('id', '=', memberId)
    .execute();
  await audit(trx, options.actor, {
    action: 'issue',
    resource: 'credentials',
    record_id: id,
    member_id: memberId,
    after: { member_id: memberId, number, issued_on: options.today, expires_on: expiresOn },
  });
  return id;
}

export async function revokeCredential(
  trx: Transaction<Database>,
  id: number,
  dialect: DialectHelpers,
  actor: Actor,
) {
  const found = await trx
    .selectFrom('credentials')
    .select('member_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) throw notFound('Credencial não encontrada.');
  // Locked as in issueCredential, then read again: a concurrent renewal may have revoked it.
  await dialect
    .forUpdate(trx.selectFrom('members').select('id').where('id', '=', found.member_id))
    .execute();
  const credential = await trx
    .selectFrom('credentials')
    .select(['status', 'number'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (credential.status === 'revoked') throw conflict('Esta credencial já foi revogada.');
  await revokeActiveCredentials(trx, found.member_id);
  await audit(trx, actor, {
    action: 'revoke',
    resource: 'credentials',
    record_id: id,
    member_id: found.member_id,
    changes: { number: [credential.number, credential.number], status: ['active', 'revoked'] },
  });
}

export interface ApiCredential {
  id: number;
  member_id: number;
  member_name: string;
  /** The member's congregation (issue 12). */
  congregation_id: number;
  congregation_name: string;
  number: number;
  issued_on: string;
  expires_on: string;
  status: string;
  state: CredentialState;
  code: string;
  revoked_at: string | null;
  /** Issued on paper before Adam (recorded with its own number and dates). */
  issued_on_paper: boolean;
  created_at: string;
}

export function toApiCredential(
  row: CredentialRow,
  member: { name: string; status: string; congregation_id: number; congregation_name: string },
  today: string,
): ApiCredential {
  return {
    id: row.id,
    member_id: row.member_id,
    member_name: member.name,
    congregation_id: member.congregation_id,
    congregation_name: member.congregation_name,
    number: row.number,
    issued_on: row.issued_on,
    expires_on: row.expires_on,
    status: row.status,
    state: credentialState(row, member.status, today),
    code: row.code,
    revoked_at: row.revoked_at,
    issued_on_paper: Boolean(row.issued_on_paper),
    created_at: row.created_at,
  };
}
