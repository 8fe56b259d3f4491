// The audit trail (issue 13): who did what, when and from where, written in the same database
// transaction as the change itself — one cheap INSERT. Every area writes through `audit`;
// nothing updates or deletes an entry but the retention purge (modules/audit/purge.ts).
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type AuditAction, auditAreaOf } from '../../domain/audit.js';
import type { Database, NewAuditLogEntry } from '../db/schema.js';
import { type Scope, rightsOf } from '../http/scope.js';

export interface Actor {
  user_id: number | null;
  user_name: string | null;
  ip: string | null;
  user_agent: string | null;
  /** The congregations the user may change (null: the whole church); not audited. */
  rights: Scope;
}

/** A user agent is the client's to write: kept to a readable length. */
const MAX_USER_AGENT = 300;

export const actorOf = (request: FastifyRequest): Actor => {
  const agent = request.headers['user-agent'];
  return {
    user_id: request.user?.id ?? null,
    user_name: request.user?.name ?? null,
    ip: request.ip ?? null,
    user_agent: typeof agent === 'string' && agent ? agent.slice(0, MAX_USER_AGENT) : null,
    rights: rightsOf(request),
  };
};

/** The server's own doing (the CLI, the daily purge): no user, no address. */
export const SYSTEM_ACTOR: Actor = {
  user_id: null,
  user_name: null,
  ip: null,
  user_agent: null,
  rights: null,
};

/** A record as plain fields (a row, or the API's answer for it). */
type Values = object | null | undefined;

/** Derived and bookkeeping columns are not changes a person made. */
const IGNORED = new Set([
  'search',
  'sort_name',
  'birth_md',
  'created_at',
  'updated_at',
  'photo_thumb',
  'has_photo',
  'congregation_name',
  'member_count',
  'setup_dismissed_at',
  'credential_validity_confirmed_at',
  'audit_purged_on',
]);

/**
 * Never written to the trail, whatever a record holds: passwords, session tokens, digests and a
 * credential's public check code. ("password_reset", a flag, says only that one was set.)
 */
const SECRET =
  /^(password|password_confirmation|current_password|code|token|tokens|access[-_]token|client|secret)$|digest$/i;

/** Images are not copied into the trail: a short fingerprint says whether one was replaced. */
const IMAGES = new Set(['photo', 'logo']);

const fingerprint = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? `image:${createHash('sha256').update(value).digest('hex').slice(0, 12)}`
    : null;

/** A stored JSON text (custom_fields, options) as its object, or the value as it was. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string' || !/^[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A record as the trail compares it: custom fields flattened to `custom_fields.<key>`. */
function flatten(values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries((values ?? {}) as Record<string, unknown>)) {
    if (IGNORED.has(field) || SECRET.test(field)) continue;
    const value = parsed(raw);
    if (field === 'custom_fields' && isPlainObject(value)) {
      for (const [key, inner] of Object.entries(value)) out[`custom_fields.${key}`] = inner;
    } else if (IMAGES.has(field)) {
      out[field] = fingerprint(raw);
    } else if (isPlainObject(value)) {
      continue;
    } else {
      out[field] = value;
    }
  }
  return out;
}

/** Order-free comparison of id lists (departments, congregations, roles). */
const normalized = (value: unknown) =>
  Array.isArray(value) ? [...value].sort((a, b) => String(a).localeCompare(String(b))) : value;

/** field -> [before, after] for each field that differs (a create has no before, a delete no after). */
export function changesOf(before: Values, after: Values): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  const from = flatten(before);
  const to = flatten(after);
  const fields = new Set([...Object.keys(from), ...Object.keys(to)]);
  for (const field of fields) {
    const a = normalized(from[field] ?? null);
    const b = normalized(to[field] ?? null);
    if (Array.isArray(a) && a.length === 0 && b === null) continue;
    if (Array.isArray(b) && b.length === 0 && a === null) continue;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = [a, b];
  }
  return changes;
}

export interface AuditEntry {
  action: AuditAction;
  resource: string;
  record_id: number | null;
  before?: Values;
  after?: Values;
  /** Given instead of before/after. */
  changes?: Record<string, [unknown, unknown]>;
  /** The member the entry is about (a member's own entries: its record_id). */
  member_id?: number | null;
  /** What a change of many or a read was about: filter, row count, ids, e-mail typed. */
  details?: Record<string, unknown>;
}

/** The details as stored: no secret among them, whatever the caller passed. */
function detailsText(details: Record<string, unknown> | undefined): string | null {
  if (!details) return null;
  const safe = Object.fromEntries(Object.entries(details).filter(([key]) => !SECRET.test(key)));
  return Object.keys(safe).length > 0 ? JSON.stringify(safe) : null;
}

/** The row of an entry, or null for an update that changed nothing. */
function rowOf(actor: Actor, entry: AuditEntry, now: string): NewAuditLogEntry | null {
  const changes = entry.changes ?? changesOf(entry.before, entry.after);
  if (entry.action === 'update' && Object.keys(changes).length === 0) return null;
  return {
    user_id: actor.user_id,
    user_name: actor.user_name,
    action: entry.action,
    resource: entry.resource,
    area: auditAreaOf(entry.resource),
    record_id: entry.record_id,
    member_id: entry.member_id ?? (entry.resource === 'members' ? entry.record_id : null),
    changes: JSON.stringify(changes),
    details: detailsText(entry.details),
    ip: actor.ip,
    user_agent: actor.user_agent,
    created_at: now,
  };
}

/** Writes one audit row; an update that changed nothing writes none. */
export async function audit(db: Kysely<Database>, actor: Actor, entry: AuditEntry): Promise<void> {
  await auditMany(db, actor, [entry]);
}

/** Entries per statement: well inside both databases' limit of bound values. */
const BATCH = 500;

/** Writes the rows of many entries (a bulk action: one per member) in a few statements. */
export async function auditMany(
  db: Kysely<Database>,
  actor: Actor,
  entries: AuditEntry[],
): Promise<void> {
  const now = new Date().toISOString();
  const rows = entries.flatMap((entry) => rowOf(actor, entry, now) ?? []);
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto('audit_log')
      .values(rows.slice(start, start + BATCH))
      .execute();
  }
}
