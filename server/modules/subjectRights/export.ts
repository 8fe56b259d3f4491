// Everything the church keeps about one member, gathered for the member (LGPD art. 18, issue 13:
// access and portability): the record with every field and custom field by its label, the photo,
// departments, position and its history, congregation and moves, credentials (paper ones too),
// letters, consents with the texts agreed to, the requests register, the donor records linked to
// the member with their incomes, the visitor record the member came from (with its consents and
// visits; the JSON only) and the audit trail about the member. Read-only; the route
// writes it as JSON or as a PDF (report.ts) and audits the export.
import type { Kysely } from 'kysely';
import { hasAccess } from '../../../domain/access.js';
import { readableAuditResources } from '../../../domain/auditAccess.js';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS } from '../../../domain/audit.js';
import { describeChanges, describeDetails } from '../../../domain/auditWords.js';
import {
  CONSENT_ACTION_LABELS,
  CONSENT_CHANNEL_LABELS,
  renderConsentText,
} from '../../../domain/consents.js';
import { credentialState, CREDENTIAL_STATE_LABELS } from '../../../domain/credentials.js';
import { todayIso } from '../../../domain/dates.js';
import { FOLLOWUP_STATUS_LABELS } from '../../../domain/followups.js';
import { PAYMENT_METHOD_LABELS, PERSON_TYPE_LABELS } from '../../../domain/finance/labels.js';
import { LETTER_TYPE_LABELS, formatLetterNumber } from '../../../domain/letters.js';
import { TRANSFER_DIRECTION_LABELS, TRANSFER_STATE_LABELS } from '../../../domain/transfers.js';
import { subjectMilestones } from '../milestones/index.js';
import {
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_STATUS_LABELS,
} from '../../../domain/privacyRequests.js';
import { resourceByApi } from '../../../domain/resources.js';
import {
  SUBJECT_FIELD_LABELS,
  SUBJECT_SECTIONS,
  type SubjectNames,
  customFieldText,
  subjectFieldText,
} from '../../../domain/subjectRights.js';
import type { Church, Database, Visitor } from '../../db/schema.js';
import { type Scope, inScope } from '../../http/scope.js';
import { auditNames } from '../audit/index.js';
import { subjectFamily } from '../families/index.js';
import { loadMember, memberMoves } from '../members/index.js';
import { subjectSelfUpdates } from '../selfUpdates/index.js';
import { messageHistoryOf } from '../messages/index.js';

const label = (labels: Record<string, string>, key: string | null) =>
  key === null ? '' : (labels[key] ?? key);

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

export interface SubjectField {
  key: string;
  label: string;
  value: unknown;
  /** The value as the report writes it ('' when empty). */
  text: string;
}

/** Who exports: the roles decide which parts are included, the rights which records. */
export interface SubjectReader {
  roles: readonly string[] | undefined;
  rights: Scope;
}

/** A part of the data left out for the reader, and why (the PDF says it in its place). */
export interface Withheld {
  section: 'donors' | 'privacy_requests';
  reason: string;
}

/**
 * What `reader` may not see of the member (issue 22, least access): the donations need financial
 * access, the LGPD requests are the admins'.
 */
function withheldFor(roles: readonly string[] | undefined): Withheld[] {
  const withheld: Withheld[] = [];
  if (!hasAccess(roles, resourceByApi('incomes').read)) {
    withheld.push({
      section: 'donors',
      reason: 'As contribuições só entram na exportação feita por quem tem acesso ao financeiro.',
    });
  }
  if (!hasAccess(roles, resourceByApi('privacy_requests').read)) {
    withheld.push({
      section: 'privacy_requests',
      reason: 'Os pedidos LGPD só entram na exportação feita por um administrador.',
    });
  }
  return withheld;
}

/**
 * The member's data: `reader.rights` as the member record (404 outside them), the donations
 * inside them too; the parts `reader` may not see are left out and named in `withheld`.
 */
/** Who the controller of the data is (LGPD art. 5 VI): the church and its encarregado. */
export function controllerOf(church: Church) {
  return {
    name: church.name,
    cnpj: church.cnpj,
    email: church.email,
    phone: church.phone,
    dpo_name: church.dpo_name,
    dpo_email: church.dpo_email,
  };
}

interface TrailRow {
  id: number;
  created_at: string;
  action: string;
  resource: string;
  record_id: number | null;
  user_name: string | null;
  changes: string;
  details: string | null;
}

/** The trail in the words of the audit screens, with the names its ids point at. */
export async function describedTrail(db: Kysely<Database>, trail: TrailRow[]) {
  const entries = trail.map((row) => ({
    ...row,
    changes: (parseJson(row.changes) ?? {}) as Record<string, [unknown, unknown]>,
    details: parseJson(row.details),
  }));
  const entryNames = await auditNames(db, entries);
  const described = entries.map((entry, index) => {
    const named = entryNames[index];
    return {
      id: entry.id,
      created_at: entry.created_at,
      action: entry.action,
      action_label: label(AUDIT_ACTION_LABELS, entry.action),
      resource: entry.resource,
      resource_label: label(AUDIT_RESOURCE_LABELS, entry.resource),
      user_name: entry.user_name,
      changes: entry.changes,
      details: entry.details,
      description: [
        ...describeChanges({
          action: entry.action,
          resource: entry.resource,
          changes: entry.changes,
          names: named?.names,
          fieldLabels: named?.field_labels,
        }),
        ...describeDetails(entry.details, entry.resource),
      ],
    };
  });
  return { entries, entryNames, described };
}

/** A visitor's columns in an export (the record as the church keeps it, issue 26). */
export const VISITOR_COLUMNS = [
  'id',
  'name',
  'phone',
  'notes',
  'first_visit',
  'contact_consent',
  'congregation_id',
  'created_at',
] as const;

type VisitorRow = Pick<Visitor, (typeof VISITOR_COLUMNS)[number]>;

/** Visitor records with their consents to be contacted (the texts agreed to) and their visits. */
export async function visitorRecords(db: Kysely<Database>, rows: VisitorRow[], churchName: string) {
  const visitorIds = rows.length > 0 ? rows.map((row) => row.id) : [0];
  const [consents, visits, followups] = await Promise.all([
    db
      .selectFrom('visitor_consents')
      .innerJoin('consent_versions', 'consent_versions.id', 'visitor_consents.consent_version_id')
      .select([
        'visitor_consents.visitor_id',
        'visitor_consents.action',
        'visitor_consents.at',
        'consent_versions.version',
        'consent_versions.text',
      ])
      .where('visitor_consents.visitor_id', 'in', visitorIds)
      .orderBy('visitor_consents.at', 'desc')
      .orderBy('visitor_consents.id', 'desc')
      .execute(),
    db
      .selectFrom('attendances')
      .innerJoin('gatherings', 'gatherings.id', 'attendances.gathering_id')
      .select(['attendances.visitor_id', 'gatherings.name', 'gatherings.date'])
      .where('attendances.visitor_id', 'in', visitorIds)
      .orderBy('gatherings.date', 'desc')
      .execute(),
    // The consolidação: each step, who owned it, what became of it and the note about it.
    db
      .selectFrom('followups')
      .leftJoin('users', 'users.id', 'followups.owner_id')
      .select([
        'followups.visitor_id',
        'followups.name',
        'followups.due_on',
        'followups.status',
        'followups.closed_at',
        'followups.note',
        'users.name as owner_name',
      ])
      .where('followups.visitor_id', 'in', visitorIds)
      .orderBy('followups.sort_order')
      .orderBy('followups.id')
      .execute(),
  ]);
  return rows.map((visitor) => ({
    ...visitor,
    first_visit: Boolean(visitor.first_visit),
    contact_consent: Boolean(visitor.contact_consent),
    consents: consents
      .filter((consent) => consent.visitor_id === visitor.id)
      .map(({ visitor_id: _visitor, ...consent }) => ({
        ...consent,
        action_label: label(CONSENT_ACTION_LABELS, consent.action),
        text: renderConsentText(consent.text, churchName),
      })),
    visits: visits
      .filter((visit) => visit.visitor_id === visitor.id)
      .map(({ visitor_id: _visitor, ...visit }) => visit),
    followups: followups
      .filter((step) => step.visitor_id === visitor.id)
      .map(({ visitor_id: _visitor, ...step }) => ({
        ...step,
        status_label: label(FOLLOWUP_STATUS_LABELS, step.status),
      })),
  }));
}

export async function subjectData(db: Kysely<Database>, memberId: number, reader: SubjectReader) {
  const { rights } = reader;
  const withheld = withheldFor(reader.roles);
  const includes = (section: Withheld['section']) =>
    !withheld.some((part) => part.section === section);
  const member = await loadMember(db, memberId, rights);
  const today = todayIso();
  const [church, definitions, position, departments, moves] = await Promise.all([
    db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow(),
    db
      .selectFrom('custom_fields')
      .select(['key', 'label', 'field_type', 'sort_order'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    member.position_id === null
      ? undefined
      : db
          .selectFrom('positions')
          .select(['id', 'name'])
          .where('id', '=', member.position_id)
          .executeTakeFirst(),
    member.department_ids.length === 0
      ? []
      : db
          .selectFrom('departments')
          .leftJoin('congregations', 'congregations.id', 'departments.congregation_id')
          .select(['departments.id', 'departments.name', 'congregations.name as congregation_name'])
          .where('departments.id', 'in', member.department_ids)
          .orderBy('departments.name')
          .execute(),
    memberMoves(db, memberId, rights),
  ]);

  const names: SubjectNames = {
    congregation: member.congregation_name,
    position: position?.name ?? null,
    departments: departments.map((department) => department.name),
  };
  const record = member as unknown as Record<string, unknown>;
  const sections = SUBJECT_SECTIONS.map((section) => ({
    title: section.title,
    fields: section.fields.map((key): SubjectField => ({
      key,
      label: SUBJECT_FIELD_LABELS[key] ?? key,
      value: record[key] ?? null,
      text: subjectFieldText(key, record, names),
    })),
  }));

  // Every value held, by its field's label; a value whose field was deleted since, by its key.
  const values = member.custom_fields;
  const known = new Set(definitions.map((definition) => definition.key));
  const customFields: SubjectField[] = [
    ...definitions
      .filter((definition) => Object.hasOwn(values, definition.key))
      .map((definition) => ({
        key: definition.key,
        label: definition.label,
        value: values[definition.key] ?? null,
        text: customFieldText(definition.field_type, values[definition.key]),
      })),
    ...Object.keys(values)
      .filter((key) => !known.has(key))
      .map((key) => ({
        key,
        label: key,
        value: values[key] ?? null,
        text: customFieldText(null, values[key]),
      })),
  ];

  const transfers = await db
    .selectFrom('transfers')
    .leftJoin('letters', 'letters.id', 'transfers.letter_id')
    .select([
      'transfers.id',
      'transfers.direction',
      'transfers.state',
      'transfers.origin_church',
      'transfers.origin_city',
      'transfers.letter_number',
      'transfers.letter_date',
      'transfers.receiving_church',
      'transfers.confirmed_by_name',
      'transfers.sent_at',
      'transfers.confirmed_at',
      'transfers.cancelled_at',
      'transfers.created_at',
      'letters.number as letter_seq',
      'letters.year as letter_year',
      'letters.destination_church',
    ])
    .where('transfers.member_id', '=', memberId)
    .orderBy('transfers.created_at', 'desc')
    .orderBy('transfers.id', 'desc')
    .execute();
  const [credentials, letters, consents, requests, trail, milestoneRecords] = await Promise.all([
    db
      .selectFrom('credentials')
      .select([
        'id',
        'number',
        'issued_on',
        'expires_on',
        'status',
        'revoked_at',
        'issued_on_paper',
      ])
      .where('member_id', '=', memberId)
      .orderBy('issued_on', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('letters')
      .select([
        'id',
        'letter_type',
        'number',
        'year',
        'issued_on',
        'destination_church',
        'destination_city',
        'notes',
        'issued_on_paper',
      ])
      .where('member_id', '=', memberId)
      .orderBy('issued_on', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('member_consents')
      .innerJoin('consent_versions', 'consent_versions.id', 'member_consents.consent_version_id')
      .leftJoin('users', 'users.id', 'member_consents.recorded_by')
      .select([
        'member_consents.id',
        'member_consents.action',
        'member_consents.channel',
        'member_consents.at',
        'member_consents.guardian_name',
        'consent_versions.version',
        'consent_versions.text',
        'consent_versions.guardian_text',
        'users.name as recorded_by_name',
      ])
      .where('member_consents.member_id', '=', memberId)
      .orderBy('member_consents.at', 'desc')
      .orderBy('member_consents.id', 'desc')
      .execute(),
    includes('privacy_requests') &&
      db
        .selectFrom('privacy_requests')
        .select([
          'id',
          'kind',
          'holder_name',
          'holder_contact',
          'received_on',
          'due_on',
          'status',
          'answer',
          'answered_on',
        ])
        .where('member_id', '=', memberId)
        .orderBy('received_on', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    db
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
      .where('member_id', '=', memberId)
      .where('resource', 'in', readableAuditResources(reader.roles))
      .orderBy('id', 'desc')
      .execute(),
    subjectMilestones(db, memberId),
  ]);

  const donors = includes('donors')
    ? await db
        .selectFrom('donors')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute()
    : [];
  const incomes =
    donors.length === 0
      ? []
      : await inScope(db.selectFrom('incomes'), 'incomes.congregation_id', rights)
          .innerJoin('finance_categories', 'finance_categories.id', 'incomes.category_id')
          .innerJoin('congregations', 'congregations.id', 'incomes.congregation_id')
          .select([
            'incomes.id',
            'incomes.donor_id',
            'incomes.date',
            'incomes.amount_cents',
            'incomes.payment_method',
            'incomes.description',
            'incomes.notes',
            'finance_categories.name as category_name',
            'congregations.name as congregation_name',
          ])
          .where(
            'incomes.donor_id',
            'in',
            donors.map((donor) => donor.id),
          )
          .orderBy('incomes.date', 'desc')
          .orderBy('incomes.id', 'desc')
          .execute();

  const { entries, entryNames, described } = await describedTrail(db, trail);
  // The position's history as the trail kept it (within its retention): each change of cargo.
  const positionHistory = entries.flatMap((entry, index) => {
    if (entry.resource !== 'members' || !('position_id' in entry.changes)) return [];
    const [from, to] = entry.changes.position_id;
    const named = entryNames[index]?.names.position_id ?? {};
    const nameOf = (id: unknown) =>
      id === null || id === undefined ? null : (named[String(id)] ?? `nº ${String(id)}`);
    return [
      {
        at: entry.created_at,
        from_position_id: from ?? null,
        from_position: nameOf(from),
        to_position_id: to ?? null,
        to_position: nameOf(to),
        user_name: entry.user_name,
      },
    ];
  });
  const { photo_thumb: _thumbnail, ...memberRecord } = member;
  // The visitor the member was before "Tornar membro" (issue 26): the record, its consents to be
  // contacted and its visits.
  const visitors = await visitorRecords(
    db,
    await db
      .selectFrom('visitors')
      .select(VISITOR_COLUMNS)
      .where('member_id', '=', memberId)
      .execute(),
    church.name,
  );

  // The household (issue 28): the member's relation and the relatives' names.
  const family = await subjectFamily(db, memberId);

  return {
    generated_at: new Date().toISOString(),
    controller: controllerOf(church),
    church,
    /** The record as stored (custom fields by key, the photo as a data URL). */
    member: memberRecord,
    sections,
    custom_fields: customFields,
    congregation: { id: member.congregation_id, name: member.congregation_name },
    position: position ?? null,
    position_history: positionHistory,
    departments,
    congregation_moves: moves,
    credentials: credentials.map((credential) => {
      const state = credentialState(credential, member.status, today);
      return {
        ...credential,
        issued_on_paper: Boolean(credential.issued_on_paper),
        state,
        state_label: CREDENTIAL_STATE_LABELS[state],
      };
    }),
    milestones: milestoneRecords.milestones,
    certificates: milestoneRecords.certificates,
    letters: letters.map((letter) => ({
      ...letter,
      issued_on_paper: Boolean(letter.issued_on_paper),
      number_text: formatLetterNumber(letter.number, letter.year),
      letter_type_label: label(LETTER_TYPE_LABELS, letter.letter_type),
    })),
    /** Transfers between churches (issue 28): outgoing (by letter) and incoming. */
    transfers: transfers.map(({ letter_seq, letter_year, destination_church, ...transfer }) => ({
      ...transfer,
      letter_number:
        letter_seq !== null && letter_year !== null
          ? formatLetterNumber(letter_seq, letter_year)
          : transfer.letter_number,
      church: transfer.direction === 'outgoing' ? destination_church : transfer.origin_church,
      direction_label: label(TRANSFER_DIRECTION_LABELS, transfer.direction),
      state_label: label(TRANSFER_STATE_LABELS, transfer.state),
    })),
    consents: consents.map((consent) => ({
      ...consent,
      action_label: label(CONSENT_ACTION_LABELS, consent.action),
      channel_label: label(CONSENT_CHANNEL_LABELS, consent.channel),
      text: renderConsentText(consent.text, church.name),
      guardian_text: renderConsentText(consent.guardian_text, church.name),
    })),
    /** The visitor records the member came from, with their consents and visits. */
    visitors,
    /** The self-update links (issue 28) and what the member sent through them. */
    self_updates: await subjectSelfUpdates(db, memberId),
    family,
    /** The messages sent (or not) to the member, and their unsubscribe (issue 28). */
    messages: await messageHistoryOf(db, { memberId }),
    withheld,
    privacy_requests: (requests || []).map((request) => ({
      ...request,
      kind_label: label(PRIVACY_REQUEST_KIND_LABELS, request.kind),
      status_label: label(PRIVACY_REQUEST_STATUS_LABELS, request.status),
    })),
    donors: donors.map(({ search: _search, sort_name: _sortName, ...donor }) => ({
      ...donor,
      person_type_label: label(PERSON_TYPE_LABELS, donor.person_type),
      incomes: incomes
        .filter((income) => income.donor_id === donor.id)
        .map((income) => ({
          ...income,
          payment_method_label: label(PAYMENT_METHOD_LABELS, income.payment_method),
        })),
    })),
    audit_entries: described,
  };
}

export type SubjectData = Awaited<ReturnType<typeof subjectData>>;

/** How many records the export holds (the member's record and each listed one). */
export function subjectRows(data: SubjectData): number {
  return (
    1 +
    data.departments.length +
    data.congregation_moves.length +
    data.credentials.length +
    data.letters.length +
    data.transfers.length +
    data.milestones.length +
    data.certificates.length +
    data.consents.length +
    data.visitors.length +
    data.self_updates.length +
    data.messages.deliveries.length +
    data.privacy_requests.length +
    data.donors.reduce((sum, donor) => sum + 1 + donor.incomes.length, 0) +
    data.audit_entries.length
  );
}

/** The JSON file: the church's data for its controller, without the church's internal row. */
export function subjectJson(data: SubjectData) {
  const { church: _church, ...file } = data;
  return file;
}
