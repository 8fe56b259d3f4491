// The audit log of the finance area: who changed what, when and from where, written in the
// same database transaction as the change itself.
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../../domain/finance/labels.js';
import { type Scope, rightsOf } from '../../http/scope.js';
import type { Db } from './types.js';

export interface Actor {
  user_id: number | null;
  user_name: string | null;
  ip: string | null;
  /** The congregations the user may change (null: the whole church); not audited. */
  rights: Scope;
}

export const actorOf = (request: FastifyRequest): Actor => ({
  user_id: request.user?.id ?? null,
  user_name: request.user?.name ?? null,
  ip: request.ip ?? null,
  rights: rightsOf(request),
});

type Values = Record<string, unknown> | null | undefined;

/** Derived and bookkeeping columns are not changes a person made. */
const IGNORED = new Set(['search', 'sort_name', 'created_at', 'updated_at']);

/** field -> [before, after] for each field that differs (a create has no before, a delete no after). */
export function changesOf(before: Values, after: Values): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (IGNORED.has(field)) continue;
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    if (typeof from === 'object' && from !== null) continue;
    if (typeof to === 'object' && to !== null) continue;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = [from, to];
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
}

/** Writes one audit row; an update that changed nothing writes none. */
export async function audit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  const changes = entry.changes ?? changesOf(entry.before, entry.after);
  if (entry.action === 'update' && Object.keys(changes).length === 0) return;
  await db
    .insertInto('audit_log')
    .values({
      user_id: actor.user_id,
      user_name: actor.user_name,
      action: entry.action,
      resource: entry.resource,
      record_id: entry.record_id,
      changes: JSON.stringify(changes),
      ip: actor.ip,
      created_at: new Date().toISOString(),
    })
    .execute();
}
