// A visitor's rights under LGPD (art. 18, issue 26): a visitor who never became a member may ask
// what the church keeps about them and for its erasure, as a member may (domain/subjectRights.ts
// says what goes and what stays). A converted visitor is part of the member's record: the member's
// export and anonymization reach it, and these answer 409.
import type { Kysely } from 'kysely';
import { readableAuditResources } from '../../../domain/auditAccess.js';
import { formatPhone } from '../../../domain/formats.js';
import { searchText } from '../../../domain/search.js';
import {
  ANONYMIZED,
  ANONYMIZED_VISITOR_SERIES,
  VISITOR_ALREADY_ANONYMIZED,
  VISITOR_CONFIRMATION_MISMATCH,
  VISITOR_IS_MEMBER,
  anonymizedVisitorName,
  confirmationMatches,
} from '../../../domain/subjectRights.js';
import { nextNumber } from '../../db/counters.js';
import type { Database, Visitor } from '../../db/schema.js';
import { ensureReadable, ensureWritable } from '../../http/scope.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { audit } from '../../audit/trail.js';
import {
  type Anonymizer,
  MIN_VALUE,
  anonymizeTrail,
  anonymizeFollowups,
  erasedValue,
  isBlank,
  numberForms,
  scrubberOf,
} from './anonymize.js';
import {
  VISITOR_COLUMNS,
  type SubjectReader,
  controllerOf,
  describedTrail,
  visitorRecords,
} from './export.js';
import { anonymizeDeliveries, messageHistoryOf } from '../messages/index.js';

const VISITOR_NOT_FOUND = 'Visitante não encontrado.';

async function storedVisitor(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('visitors').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(VISITOR_NOT_FOUND);
  return row;
}

/** A visitor's rights are the member's once they became one. */
function ensureNotMember(visitor: Visitor) {
  if (visitor.member_id !== null) throw conflict(VISITOR_IS_MEMBER);
}

/**
 * GET /api/visitors/{id}/data_export: the record, who invited them, the consents with the texts
 * agreed to, the visits, and the trail about them that the reader may read. 404 outside the
 * reader's congregations, like the record.
 */
export async function visitorData(db: Kysely<Database>, id: number, reader: SubjectReader) {
  const row = await storedVisitor(db, id);
  ensureReadable(reader.rights, row.congregation_id);
  ensureNotMember(row);
  const [church, congregation, inviter] = await Promise.all([
    db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
    db
      .selectFrom('congregations')
      .select(['id', 'name'])
      .where('id', '=', row.congregation_id)
      .executeTakeFirst(),
    row.invited_by_id === null
      ? undefined
      : db
          .selectFrom('members')
          .select(['id', 'name'])
          .where('id', '=', row.invited_by_id)
          .executeTakeFirst(),
  ]);
  const [record] = await visitorRecords(
    db,
    [Object.fromEntries(VISITOR_COLUMNS.map((key) => [key, row[key]])) as Visitor],
    church.name,
  );
  const trail = await db
    .selectFrom('audit_log')
    .select([
      'id',
      'created_at',
      'action',
      'resource',
      'record_id',
      'user_name',
      'changes',
      'details',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('resource', '=', 'visitors'), eb('record_id', '=', id)]),
        eb.and([
          eb('resource', '=', 'attendances'),
          eb(
            'record_id',
            'in',
            eb.selectFrom('attendances').select('attendances.id').where('visitor_id', '=', id),
          ),
        ]),
        eb.and([
          eb('resource', '=', 'followups'),
          eb(
            'record_id',
            'in',
            eb.selectFrom('followups').select('followups.id').where('visitor_id', '=', id),
          ),
        ]),
      ]),
    )
    .where('resource', 'in', readableAuditResources(reader.roles))
    .orderBy('id', 'desc')
    .execute();
  return {
    generated_at: new Date().toISOString(),
    controller: controllerOf(church),
    church,
    visitor: {
      ...record,
      congregation_name: congregation?.name ?? '',
      invited_by_id: row.invited_by_id,
      invited_by_name: inviter?.name ?? null,
      anonymized_at: row.anonymized_at,
    },
    /** The messages sent (or not) to the visitor, and their unsubscribe (issue 28). */
    messages: await messageHistoryOf(db, { visitorId: id }),
    audit_entries: (await describedTrail(db, trail)).described,
  };
}

export type VisitorData = Awaited<ReturnType<typeof visitorData>>;

/** The JSON file: without the church's internal row. */
export function visitorJson(data: VisitorData) {
  const { church: _church, ...file } = data;
  return file;
}

/** How many records the export holds (the visitor's and each listed one). */
export function visitorRows(data: VisitorData): number {
  return 1 + data.visitor.consents.length + data.visitor.visits.length + data.audit_entries.length;
}

/**
 * POST /api/visitors/{id}/anonymize: `confirmation` is the visitor's name as stored. In one
 * transaction the name becomes "Visitante anonimizado nº N", the phone, the notes and who invited
 * them go, and the trail about them (the record's entries and their check-ins') loses every
 * personal value; the visits and the consent facts stay. 404 missing or outside the reader's
 * congregations, 403 read-only there, 409 already anonymized or a member now, 422 a confirmation
 * that does not match.
 */
export async function anonymizeVisitor(
  db: Kysely<Database>,
  id: number,
  body: { confirmation?: unknown },
  { actor, dialect }: Anonymizer,
) {
  const stored = await storedVisitor(db, id);
  ensureWritable(actor.rights, stored.congregation_id);
  await db.transaction().execute(async (trx) => {
    // Locked until commit: an edit or a second anonymization waits and then finds it done.
    const visitor = await dialect
      .forUpdate(trx.selectFrom('visitors').selectAll().where('id', '=', id))
      .executeTakeFirst();
    if (!visitor) throw notFound(VISITOR_NOT_FOUND);
    ensureNotMember(visitor);
    if (visitor.anonymized_at) throw conflict(VISITOR_ALREADY_ANONYMIZED);
    if (!confirmationMatches(body.confirmation, visitor.name)) {
      throw invalid({ confirmation: VISITOR_CONFIRMATION_MISMATCH });
    }
    const now = new Date().toISOString();
    const name = anonymizedVisitorName(await nextNumber(trx, ANONYMIZED_VISITOR_SERIES));
    await trx
      .updateTable('visitors')
      .set({
        name,
        search: searchText(name),
        phone: null,
        notes: null,
        invited_by_id: null,
        client_key: null,
        anonymized_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    // The messages to the visitor (issue 28): the facts kept, the address erased.
    await anonymizeDeliveries(trx, { visitorId: id }, name);
    const values = [
      visitor.name,
      searchText(visitor.name),
      ...numberForms(visitor.phone, formatPhone),
      visitor.notes ?? '',
      ...(await anonymizeFollowups(trx, [id], now)),
    ].filter((value) => value.length >= MIN_VALUE);
    const scrub = scrubberOf(values.map((value) => [value, ANONYMIZED]));
    const auditEntries = await anonymizeTrail(
      trx,
      { memberId: null, donorIds: [], incomeIds: [], requestIds: [], visitorIds: [id] },
      scrub,
      scrub,
    );
    const changes: Record<string, [unknown, unknown]> = { name: [ANONYMIZED, name] };
    for (const field of ['phone', 'notes', 'invited_by_id'] as const) {
      if (!isBlank(visitor[field])) changes[field] = [erasedValue(field, visitor[field]), null];
    }
    await audit(trx, actor, {
      action: 'anonymize',
      resource: 'visitors',
      record_id: id,
      changes,
      details: { audit_entries: auditEntries },
    });
  });
  return { id, name: (await storedVisitor(db, id)).name };
}
