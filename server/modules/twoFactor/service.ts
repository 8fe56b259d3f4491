// A user's second factor (issue 22): enrolment, the check at sign-in (a TOTP code is good once,
// a recovery code is good once), turning it off, an admin's reset, and the church's requirement
// for admins and treasurers with its grace period. Every change goes to the audit trail.
import type { Kysely, Transaction } from 'kysely';
import {
  type CodeKind,
  type TwoFactorPolicy,
  type TwoFactorStatus,
  codeKind,
  normalizeCode,
  requiresTwoFactor,
} from '../../../domain/twoFactor.js';
import type { Database, User } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { parseRoles } from '../users/index.js';
import { enrolmentOf, newRecoveryCodes, newSecret, stepOf } from './totp.js';

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 24 * 3600 * 1000;

export const isEnabled = (user: User) => user.two_factor_enabled_at !== null;

interface Policy {
  required: boolean;
  graceDays: number;
  since: string | null;
}

export async function policyOf(db: Db): Promise<Policy> {
  const row = await db
    .selectFrom('church')
    .select(['two_factor_required', 'two_factor_grace_days', 'two_factor_required_since'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    required: Boolean(row.two_factor_required),
    graceDays: row.two_factor_grace_days,
    since: row.two_factor_required_since,
  };
}

/** Whether the church requires a second factor of this user, and until when it may wait. */
export function requirementOf(policy: Policy, user: User) {
  if (!policy.required || !requiresTwoFactor(parseRoles(user.roles))) {
    return { required: false, deadline: null };
  }
  const from = Math.max(
    Date.parse(policy.since ?? user.created_at),
    Date.parse(user.two_factor_grace_from ?? user.created_at),
  );
  return { required: true, deadline: new Date(from + policy.graceDays * DAY_MS).toISOString() };
}

/**
 * What sign-in must do about the second factor of a user whose password was right; 'setup' also
 * ends a session opened within the grace period once it is over (plugins/guard.ts).
 */
export type SignInFactor =
  { kind: 'none'; deadline: string | null } | { kind: 'code' } | { kind: 'setup' };

export async function signInFactorOf(db: Db, user: User, nowMs: number): Promise<SignInFactor> {
  // Most users: no question to the church's settings.
  const asks = !isEnabled(user) && requiresTwoFactor(parseRoles(user.roles));
  return factorOf(asks ? await policyOf(db) : NO_POLICY, user, nowMs);
}

const NO_POLICY: Policy = { required: false, graceDays: 0, since: null };

function factorOf(policy: Policy, user: User, nowMs: number): SignInFactor {
  if (isEnabled(user)) return { kind: 'code' };
  const { required, deadline } = requirementOf(policy, user);
  if (!required) return { kind: 'none', deadline: null };
  return Date.parse(deadline!) > nowMs ? { kind: 'none', deadline } : { kind: 'setup' };
}

/**
 * The guard's lookup of a session's user (by e-mail) with the church's requirement read in the
 * same query: every authenticated request runs it, and the grace period's check costs it no
 * query of its own (issue 24). Undefined for an unknown user, or one whose sessions the grace
 * period's end closed (signing in again leads to the setup).
 */
export async function sessionUserOf(
  db: Db,
  email: string,
  nowMs: number,
): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('church', (join) => join.on('church.id', '=', 1))
    .selectAll('users')
    .select([
      'church.two_factor_required as church_two_factor_required',
      'church.two_factor_grace_days as church_two_factor_grace_days',
      'church.two_factor_required_since as church_two_factor_required_since',
    ])
    .where('users.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    church_two_factor_required: required,
    church_two_factor_grace_days: graceDays,
    church_two_factor_required_since: since,
    ...user
  } = row;
  const policy = { required: Boolean(required), graceDays: graceDays ?? 0, since };
  return factorOf(policy, user, nowMs).kind === 'setup' ? undefined : user;
}

export async function statusOf(db: Db, user: User): Promise<TwoFactorStatus> {
  const { required, deadline } = requirementOf(await policyOf(db), user);
  const enabled = isEnabled(user);
  const left = enabled
    ? await db
        .selectFrom('user_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user.id)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  return {
    enabled,
    enabled_at: user.two_factor_enabled_at,
    required,
    deadline: enabled ? null : deadline,
    recovery_codes_left: Number(left.n),
  };
}

/**
 * Starts (or starts over) an enrolment: a new secret, kept until confirmed, shown this once as
 * a QR code and as text. A user with a second factor in force must turn it off first.
 */
export async function startEnrolment(db: Kysely<Database>, user: User, actor: Actor) {
  if (isEnabled(user)) {
    throw conflict(
      'A verificação em duas etapas já está ativada. Desative-a antes de configurar de novo.',
    );
  }
  const secret = newSecret();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ two_factor_secret: secret, two_factor_last_step: null })
      .where('id', '=', user.id)
      .where('two_factor_enabled_at', 'is', null)
      .execute();
    await audit(trx, actor, { action: 'two_factor_start', resource: 'users', record_id: user.id });
  });
  const church = await db
    .selectFrom('church')
    .select('name')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return enrolmentOf(secret, `Adam (${church.name})`, user.email);
}

const WRONG_CODE = 'Código inválido ou expirado. Confira o código no aplicativo e tente de novo.';

/**
 * Confirms the enrolment with a current code of the new secret: the second factor is in force
 * and ten recovery codes are made, shown this once (only their digests are kept).
 */
export async function confirmEnrolment(
  db: Kysely<Database>,
  user: User,
  code: string,
  actor: Actor,
  nowMs: number,
): Promise<string[]> {
  if (isEnabled(user)) throw conflict('A verificação em duas etapas já está ativada.');
  const secret = user.two_factor_secret;
  if (!secret) throw conflict('Comece a configuração de novo: nenhum código foi gerado ainda.');
  const step = codeKind(code) === 'totp' ? stepOf(secret, code, nowMs) : null;
  if (step === null) throw invalid({ otp_code: WRONG_CODE });
  const fresh = await freshRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ two_factor_enabled_at: new Date(nowMs).toISOString(), two_factor_last_step: step })
      .where('id', '=', user.id)
      .where('two_factor_enabled_at', 'is', null)
      .where('two_factor_secret', '=', secret)
      .executeTakeFirst();
    // Another enrolment started (a new secret) or finished meanwhile.
    if (Number(updated.numUpdatedRows) !== 1) {
      throw conflict('A configuração mudou em outra janela. Comece de novo.');
    }
    await fresh.store(trx, user.id);
    await audit(trx, actor, { action: 'two_factor_enable', resource: 'users', record_id: user.id });
  });
  return fresh.codes;
}

/** Ten new recovery codes, and how to put their digests in place of a user's old ones. */
async function freshRecoveryCodes() {
  const codes = newRecoveryCodes();
  const digests = await Promise.all(codes.map((each) => hashPassword(normalizeCode(each))));
  const store = async (trx: Transaction<Database>, userId: number) => {
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('user_recovery_codes')
      .values(digests.map((code_digest) => ({ user_id: userId, code_digest, used_at: null })))
      .execute();
  };
  return { codes, store };
}

/** New recovery codes for one's own second factor (password and a code checked by the caller). */
export async function renewRecoveryCodes(db: Kysely<Database>, user: User, actor: Actor) {
  const fresh = await freshRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await fresh.store(trx, user.id);
    await audit(trx, actor, {
      action: 'two_factor_recovery_codes',
      resource: 'users',
      record_id: user.id,
    });
  });
  return fresh.codes;
}

export type CodeCheck = { ok: true; kind: CodeKind } | { ok: false; replayed: boolean };

/**
 * Checks a code of a user with a second factor in force, and spends it: a TOTP code's time step
 * (and every earlier one) is not taken again, a recovery code is used up. Each spend is one
 * guarded update, so two requests with the same code cannot both pass.
 */
export async function spendCode(
  db: Db,
  user: User,
  text: string,
  nowMs: number,
): Promise<CodeCheck> {
  const kind = codeKind(text);
  if (kind === 'totp' && user.two_factor_secret) {
    const step = stepOf(user.two_factor_secret, text, nowMs);
    if (step === null) return { ok: false, replayed: false };
    const spent = await db
      .updateTable('users')
      .set({ two_factor_last_step: step })
      .where('id', '=', user.id)
      .where((eb) =>
        eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]),
      )
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1 ? { ok: true, kind } : { ok: false, replayed: true };
  }
  if (kind === 'recovery_code') {
    const unused = await db
      .selectFrom('user_recovery_codes')
      .select(['id', 'code_digest'])
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    for (const row of unused) {
      if (!(await verifyPassword(row.code_digest, normalizeCode(text)))) continue;
      const spent = await db
        .updateTable('user_recovery_codes')
        .set({ used_at: new Date(nowMs).toISOString() })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1
        ? { ok: true, kind }
        : { ok: false, replayed: true };
    }
  }
  return { ok: false, replayed: false };
}

const cleared = {
  two_factor_secret: null,
  two_factor_enabled_at: null,
  two_factor_last_step: null,
} as const;

/**
 * Turns one's own second factor off (password and a code checked by the caller). Refused while
 * the church requires it of the user's roles: an admin's reset is the way then.
 */
export async function disableOwn(db: Kysely<Database>, user: User, actor: Actor) {
  if (requirementOf(await policyOf(db), user).required) {
    throw conflict(
      'A igreja exige a verificação em duas etapas para o seu perfil: ela não pode ser desativada.',
    );
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set(cleared).where('id', '=', user.id).execute();
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', user.id).execute();
    await audit(trx, actor, {
      action: 'two_factor_disable',
      resource: 'users',
      record_id: user.id,
    });
  });
}

/**
 * An admin's reset of another user's second factor (a lost phone): it is off, and the user's
 * grace period to enrol again starts now.
 */
export async function resetOther(db: Kysely<Database>, id: number, actor: Actor, nowMs: number) {
  if (actor.user_id === id) {
    throw conflict('Para desativar a sua própria verificação, use a tela Minha conta.');
  }
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'two_factor_enabled_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user) throw notFound('Usuário não encontrado.');
    await trx
      .updateTable('users')
      .set({ ...cleared, two_factor_grace_from: new Date(nowMs).toISOString() })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', id).execute();
    await audit(trx, actor, {
      action: 'two_factor_reset',
      resource: 'users',
      record_id: id,
      details: { was_enabled: user.two_factor_enabled_at !== null },
    });
  });
}

/** The church's requirement as the settings screen reads it. */
export async function readPolicy(db: Db): Promise<TwoFactorPolicy> {
  const policy = await policyOf(db);
  return { two_factor_required: policy.required, two_factor_grace_days: policy.graceDays };
}

/** Changes the requirement; switching it on starts everyone's grace period now. */
export async function writePolicy(
  db: Kysely<Database>,
  next: TwoFactorPolicy,
  actor: Actor,
  nowMs: number,
): Promise<TwoFactorPolicy> {
  await db.transaction().execute(async (trx) => {
    const before = await policyOf(trx);
    const since = next.two_factor_required
      ? before.required
        ? before.since
        : new Date(nowMs).toISOString()
      : null;
    await trx
      .updateTable('church')
      .set({ ...next, two_factor_required_since: since })
      .where('id', '=', 1)
      .execute();
    await audit(trx, actor, {
      action: 'update',
      resource: 'church',
      record_id: null,
      before: { two_factor_required: before.required, two_factor_grace_days: before.graceDays },
      after: next,
    });
  });
  return readPolicy(db);
}
