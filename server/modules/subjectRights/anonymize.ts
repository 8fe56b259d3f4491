// Anonymization at the data subject's request (LGPD art. 18 IV and VI, issue 13): in one
// transaction the member's identity is erased everywhere Adam keeps it while the church keeps its
// statistics and its books (domain/subjectRights.ts says what goes and what stays):
// - the member's row (name replaced by "Titular anonimizado nº N"; its search text, word index and
//   birthday counts follow through their triggers; the vocabulary loses the words nobody else has);
// - active credentials revoked; letters keep their numbers, their notes go and a destination
//   naming the person is erased; transfers keep their states, their texts are cleaned the same
//   way and an open one's confirmation code stops working;
// - consents kept as facts without the guardian's name; requests about the member keep pointing at
//   it, without the holder's name and contact;
// - each donor record linked to the member unlinked and anonymized ("Contribuinte anonimizado nº
//   N", its own sequence, so the two cannot be matched), its incomes' and movements' texts cleaned
//   and every amount untouched;
// - the visitor record the member came from ("Tornar membro"): name anonymized, phone and notes
//   erased, the visits and consents kept as facts;
// - the audit trail about the member, its donor records, incomes and requests: each personal value
//   replaced by "[anonimizado]" (the field and the fact that it changed stay), and the member's
//   values wherever else the trail's details hold them (an export's filter, an e-mail typed at a
//   refused sign-in). The one change to the trail besides the retention purge.
// Then one `anonymize` entry that holds no personal value. A second anonymization is a 409.
import type { Kysely, Transaction } from 'kysely';
import { formatCpf, formatDocument, formatPhone, onlyDigits } from '../../../domain/formats.js';
import { descriptionWords } from '../../../domain/finance/statements.js';
import { searchText, searchTokens } from '../../../domain/search.js';
import {
  ALREADY_ANONYMIZED,
  ANONYMIZED,
  ANONYMIZED_AUDIT_FIELDS,
  ANONYMIZED_DONOR_SERIES,
  ANONYMIZED_IMAGE,
  ANONYMIZED_MEMBER_SERIES,
  CONFIRMATION_MISMATCH,
  ERASED_DONOR_FIELDS,
  ERASED_MEMBER_FIELDS,
  anonymizedDonorName,
  anonymizedMemberName,
  confirmationMatches,
} from '../../../domain/subjectRights.js';
import { nextNumber } from '../../db/counters.js';
import type { DialectHelpers } from '../../db/dialect.js';
import type { Database, Member } from '../../db/schema.js';
import { ensureWritable } from '../../http/scope.js';
import { conflict, invalid, notFound } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { revokeActiveCredentials } from '../credentials/index.js';
import { anonymizeFamilyLinks } from '../families/index.js';
import { anonymizeMilestones } from '../milestones/index.js';
import { FILE_VALUES_CLEARED } from '../imports/index.js';
import { throughClosedMonths } from '../finance/index.js';
import { MEMBER_NOT_FOUND, loadMember } from '../members/index.js';
import { anonymizeSelfUpdates } from '../selfUpdates/index.js';
import { anonymizeDeliveries } from '../messages/index.js';

/** Shorter values are not looked for inside other texts (they would match ordinary words). */
export const MIN_VALUE = 3;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase('pt-BR');

/** A text with each of the given values (any case) replaced by its replacement. */
export type Scrubber = (text: string) => string;

/** `pairs`: value -> replacement; a later pair for the same value wins. */
export function scrubberOf(pairs: Array<[string | null | undefined, string]>): Scrubber {
  const replacements = new Map<string, string>();
  for (const [value, replacement] of pairs) {
    const text = value?.normalize('NFC').trim();
    if (text && text.length >= MIN_VALUE) replacements.set(fold(text), replacement);
  }
  if (replacements.size === 0) return (text) => text;
  const pattern = new RegExp(
    [...replacements.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|'),
    'giu',
  );
  return (text) =>
    text.normalize('NFC').replace(pattern, (match) => replacements.get(fold(match)) ?? ANONYMIZED);
}

/** Every string inside a JSON value scrubbed (keys kept). */
function scrubDeep(value: unknown, scrub: Scrubber): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, scrub));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
        key,
        scrubDeep(inner, scrub),
      ]),
    );
  }
  return value;
}

/** A stored JSON text as its value, or undefined when it cannot be read. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A stored JSON text with its strings scrubbed (an unreadable one scrubbed as plain text). */
function scrubJsonText(text: string, scrub: Scrubber): string {
  const value = parsedJson(text);
  return value === undefined ? scrub(text) : JSON.stringify(scrubDeep(value, scrub));
}

export const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** A value the trail keeps only as the fact that there was one. */
export const erasedValue = (field: string, value: unknown) =>
  isBlank(value)
    ? value
    : field === 'photo' || field === 'photo_thumb'
      ? ANONYMIZED_IMAGE
      : ANONYMIZED;

/** The ways a number is written: its digits and its formatted form. */
export const numberForms = (value: string | null, format: (digits: string) => string) =>
  value ? [onlyDigits(value), format(value)] : [];

/** The member's values that identify them strongly enough to be looked for anywhere. */
function identifyingValues(member: Member): string[] {
  return [
    member.name,
    searchText(member.name),
    ...numberForms(member.cpf, formatCpf),
    member.email ?? '',
    ...numberForms(member.phone_mobile, formatPhone),
    ...numberForms(member.phone_home, formatPhone),
  ].filter((value) => value.length >= MIN_VALUE);
}

/** The values looked for in the texts about the member (letters, requests, its trail). */
function personalValues(member: Member, guardians: string[]): string[] {
  let custom: unknown = {};
  try {
    custom = JSON.parse(member.custom_fields);
  } catch {
    // an unreadable custom fields text holds no value to look for
  }
  const customTexts = Object.values((custom ?? {}) as Record<string, unknown>).filter(
    (value): value is string => typeof value === 'string' && value.trim().length > MIN_VALUE,
  );
  return [
    ...identifyingValues(member),
    member.rg ?? '',
    member.street ?? '',
    member.father_name ?? '',
    member.mother_name ?? '',
    member.spouse_name ?? '',
    member.guardian_name ?? '',
    ...guardians,
    ...customTexts,
  ];
}

type DonorRow = Awaited<ReturnType<typeof donorsOf>>[number];

const donorsOf = (trx: Transaction<Database>, memberId: number) =>
  trx.selectFrom('donors').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

const donorValues = (donor: DonorRow) => [
  donor.name,
  searchText(donor.name),
  ...numberForms(donor.document, formatDocument),
  donor.email ?? '',
  ...numberForms(donor.phone, formatPhone),
  donor.street ?? '',
];

type StatementLineText = {
  id: number;
  description: string;
  name: string | null;
  memo: string | null;
  words: string;
};

/** The bank statement lines whose texts hold one of `values` (any case, as banks write them). */
async function statementLinesNaming(
  trx: Transaction<Database>,
  values: string[],
): Promise<StatementLineText[]> {
  // LIKE's own wildcards in a value match any character: a wider net, checked by the scrub.
  const patterns = [...new Set(values.map((value) => fold(value)))].map(
    (value) => `%${value.replace(/[%_\\]/g, '_')}%`,
  );
  if (patterns.length === 0) return [];
  return trx
    .selectFrom('statement_lines')
    .select(['id', 'description', 'name', 'memo', 'words'])
    .where((eb) =>
      eb.or(
        patterns.flatMap((pattern) =>
          (['description', 'name', 'memo', 'words'] as const).map((column) =>
            eb(eb.fn('lower', [column]), 'like', pattern),
          ),
        ),
      ),
    )
    .execute();
}

/**
 * Statement lines with their texts scrubbed and their words (the reconciliation's memory key)
 * computed again; the category remembered under the old words, which named the person, is
 * forgotten.
 */
async function cleanStatementLines(
  trx: Transaction<Database>,
  lines: StatementLineText[],
  scrub: Scrubber,
) {
  for (const line of lines) {
    const description = scrub(line.description);
    const name = line.name === null ? null : scrub(line.name);
    const memo = line.memo === null ? null : scrub(line.memo);
    const words = descriptionWords(description);
    if (description === line.description && name === line.name && memo === line.memo) continue;
    await trx
      .updateTable('statement_lines')
      .set({ description, name, memo, words })
      .where('id', '=', line.id)
      .execute();
    if (words !== line.words) {
      await trx.deleteFrom('statement_categories').where('words', '=', line.words).execute();
    }
  }
}

export interface Anonymizer {
  actor: Actor;
  dialect: DialectHelpers;
}

/** What the trail of the anonymization counts (no personal value among it). */
interface Reached {
  credentials_revoked: number;
  letters: number;
  transfers: number;
  milestones: number;
  consents: number;
  privacy_requests: number;
  donors: number;
  visitors: number;
  self_updates: number;
  /** The member's household (issue 28): their link, and the relatives of a household left empty. */
  family_links: number;
  relatives_removed: number;
  audit_entries: number;
}

/** Entries read per statement from the trail's details. */
const TRAIL_BATCH = 1000;

/**
 * The trail: the entries about the member, its donor records, incomes and requests lose every
 * personal value; any other entry's details lose the member's identifying values.
 */
/**
 * The visitors' consolidação steps once they are anonymized: the notes written about them erased
 * and the open steps canceled (nobody is to contact them); the steps stay as facts (what was
 * done, when, by whom). Answers the notes, for the trail's scrubbing.
 */
export async function anonymizeFollowups(
  trx: Transaction<Database>,
  visitorIds: number[],
  now: string,
): Promise<string[]> {
  if (visitorIds.length === 0) return [];
  const noted = await trx
    .selectFrom('followups')
    .select('note')
    .where('visitor_id', 'in', visitorIds)
    .where('note', 'is not', null)
    .execute();
  await trx
    .updateTable('followups')
    .set({ note: null, updated_at: now })
    .where('visitor_id', 'in', visitorIds)
    .where('note', 'is not', null)
    .execute();
  await trx
    .updateTable('followups')
    .set({ status: 'canceled', closed_at: now, updated_at: now })
    .where('visitor_id', 'in', visitorIds)
    .where('status', '=', 'open')
    .execute();
  return noted.map((row) => row.note!);
}

export async function anonymizeTrail(
  trx: Transaction<Database>,
  related: {
    /** null: a visitor who never became a member. */
    memberId: number | null;
    donorIds: number[];
    incomeIds: number[];
    requestIds: number[];
    visitorIds: number[];
  },
  scrub: Scrubber,
  identifying: Scrubber,
): Promise<number> {
  const { memberId, donorIds, incomeIds, requestIds, visitorIds } = related;
  const some = (ids: number[]) => (ids.length > 0 ? ids : [0]);
  // A visitor's check-ins name them in the trail without a member to point at.
  const attendanceIds = (
    await trx
      .selectFrom('attendances')
      .select('id')
      .where('visitor_id', 'in', some(visitorIds))
      .execute()
  ).map((row) => row.id);
  // So do their consolidação steps (the notes written about them).
  const followupIds = (
    await trx
      .selectFrom('followups')
      .select('id')
      .where('visitor_id', 'in', some(visitorIds))
      .execute()
  ).map((row) => row.id);
  const rows = await trx
    .selectFrom('audit_log')
    .select(['id', 'resource', 'changes', 'details'])
    .where((eb) =>
      eb.or([
        ...(memberId === null
          ? []
          : [
              eb('member_id', '=', memberId),
              eb.and([
                eb('resource', 'in', ['members', 'registrations']),
                eb('record_id', '=', memberId),
              ]),
            ]),
        eb.and([eb('resource', '=', 'donors'), eb('record_id', 'in', some(donorIds))]),
        eb.and([eb('resource', '=', 'incomes'), eb('record_id', 'in', some(incomeIds))]),
        eb.and([eb('resource', '=', 'privacy_requests'), eb('record_id', 'in', some(requestIds))]),
        eb.and([eb('resource', '=', 'visitors'), eb('record_id', 'in', some(visitorIds))]),
        eb.and([eb('resource', '=', 'attendances'), eb('record_id', 'in', some(attendanceIds))]),
        eb.and([eb('resource', '=', 'followups'), eb('record_id', 'in', some(followupIds))]),
      ]),
    )
    .execute();
  let changed = 0;
  const seen = new Set<number>();
  for (const row of rows) {
    seen.add(row.id);
    const erased = ANONYMIZED_AUDIT_FIELDS[row.resource];
    const changes = parsedJson(row.changes);
    const changesText =
      changes && typeof changes === 'object' && !Array.isArray(changes)
        ? JSON.stringify(
            Object.fromEntries(
              Object.entries(changes as Record<string, unknown>).map(([field, values]) => {
                const personal =
                  erased?.has(field) ||
                  ((row.resource === 'members' || row.resource === 'registrations') &&
                    field.startsWith('custom_fields.'));
                const kept =
                  personal && Array.isArray(values)
                    ? values.map((value) => erasedValue(field, value))
                    : values;
                return [field, scrubDeep(kept, scrub)];
              }),
            ),
          )
        : scrub(row.changes);
    const details = row.details === null ? null : scrubJsonText(row.details, scrub);
    if (changesText !== row.changes || details !== row.details) {
      await trx
        .updateTable('audit_log')
        .set({ changes: changesText, details })
        .where('id', '=', row.id)
        .execute();
      changed += 1;
    }
  }

  // Elsewhere only details hold what a user typed: an export's filter, a refused sign-in's e-mail.
  let after = 0;
  for (;;) {
    const batch = await trx
      .selectFrom('audit_log')
      .select(['id', 'details'])
      .where('details', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(TRAIL_BATCH)
      .execute();
    if (batch.length === 0) break;
    after = batch[batch.length - 1].id;
    for (const row of batch) {
      if (seen.has(row.id) || row.details === null) continue;
      if (identifying(row.details) === row.details) continue;
      const details = scrubJsonText(row.details, identifying);
      await trx.updateTable('audit_log').set({ details }).where('id', '=', row.id).execute();
      changed += 1;
    }
  }
  return changed;
}

/**
 * POST /api/members/{id}/anonymize: `confirmation` must be the member's name as stored (trimmed,
 * runs of spaces as one; case and accents count). 404 missing, 403 outside the rights, 409 already
 * anonymized, 422 a confirmation that does not match.
 */
export async function anonymizeMember(
  db: Kysely<Database>,
  id: number,
  body: { confirmation?: unknown },
  { actor, dialect }: Anonymizer,
) {
  const stored = await db
    .selectFrom('members')
    .select(['id', 'name', 'congregation_id', 'anonymized_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!stored) throw notFound(MEMBER_NOT_FOUND);
  ensureWritable(actor.rights, stored.congregation_id);
  if (stored.anonymized_at) throw conflict(ALREADY_ANONYMIZED);
  if (!confirmationMatches(body.confirmation, stored.name)) {
    throw invalid({ confirmation: CONFIRMATION_MISMATCH });
  }

  await db.transaction().execute(async (trx) => {
    // Locked until commit: a second anonymization, or an edit, waits and then finds it done.
    const member = await dialect
      .forUpdate(trx.selectFrom('members').selectAll().where('id', '=', id))
      .executeTakeFirst();
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (member.anonymized_at) throw conflict(ALREADY_ANONYMIZED);
    if (!confirmationMatches(body.confirmation, member.name)) {
      throw invalid({ confirmation: CONFIRMATION_MISMATCH });
    }
    const now = new Date().toISOString();
    const name = anonymizedMemberName(await nextNumber(trx, ANONYMIZED_MEMBER_SERIES));

    const consents = await trx
      .selectFrom('member_consents')
      .select(['id', 'guardian_name'])
      .where('member_id', '=', id)
      .execute();
    const guardians = consents.flatMap((consent) => consent.guardian_name ?? []);
    const values = personalValues(member, guardians);
    const scrub = scrubberOf(values.map((value) => [value, ANONYMIZED]));
    const identifying = scrubberOf(identifyingValues(member).map((value) => [value, ANONYMIZED]));

    // The member's row: its search text, word index and birthday counts follow (triggers).
    const erased = Object.fromEntries(ERASED_MEMBER_FIELDS.map((field) => [field, null]));
    await trx
      .updateTable('members')
      .set({
        ...erased,
        name,
        sort_name: searchText(name),
        search: searchText(name),
        has_photo: false,
        birth_md: null,
        custom_fields: '{}',
        anonymized_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    // The vocabulary of the word index keeps every word ever held; the member's own words that
    // nobody else holds go with it.
    const oldWords = searchTokens(member.search);
    if (oldWords.length > 0) {
      await trx
        .deleteFrom('search_tokens')
        .where('token', 'in', oldWords)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('member_tokens')
                .select('member_tokens.token')
                .whereRef('member_tokens.token', '=', 'search_tokens.token'),
            ),
          ),
        )
        .execute();
    }

    const active = await trx
      .selectFrom('credentials')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('member_id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    await revokeActiveCredentials(trx, id);

    // Letters keep their numbers (the church's books); their notes speak of the person.
    const letters = await trx
      .selectFrom('letters')
      .select(['id', 'destination_church', 'destination_city'])
      .where('member_id', '=', id)
      .execute();
    for (const letter of letters) {
      await trx
        .updateTable('letters')
        .set({
          destination_church: scrub(letter.destination_church),
          destination_city: scrub(letter.destination_city),
          notes: null,
        })
        .where('id', '=', letter.id)
        .execute();
    }

    // Transfers keep their states (the roll's history); their texts may name the person, and the
    // code of one still open stops working (the public page refuses it).
    const transfers = await trx
      .selectFrom('transfers')
      .select(['id', 'origin_church', 'origin_city', 'receiving_church'])
      .where('member_id', '=', id)
      .execute();
    for (const transfer of transfers) {
      await trx
        .updateTable('transfers')
        .set({
          origin_church: transfer.origin_church && scrub(transfer.origin_church),
          origin_city: transfer.origin_city && scrub(transfer.origin_city),
          receiving_church: transfer.receiving_church && scrub(transfer.receiving_church),
          code_hash: null,
        })
        .where('id', '=', transfer.id)
        .execute();
    }
    const milestones = await anonymizeMilestones(trx, id);

    await trx
      .updateTable('member_consents')
      .set({ guardian_name: null })
      .where('member_id', '=', id)
      .execute();

    const requests = await trx
      .selectFrom('privacy_requests')
      .select(['id', 'answer'])
      .where('member_id', '=', id)
      .execute();
    for (const request of requests) {
      await trx
        .updateTable('privacy_requests')
        .set({
          holder_name: name,
          holder_contact: null,
          answer: request.answer === null ? null : scrub(request.answer),
          updated_at: now,
        })
        .where('id', '=', request.id)
        .execute();
    }

    // The member's rows in spreadsheet imports (the file's values as read, and what an undo
    // would restore): only the anonymized name is left.
    await trx
      .updateTable('member_import_rows')
      .set({ name, ...FILE_VALUES_CLEARED, previous: null })
      .where((eb) => eb.or([eb('member_id', '=', id), eb('dup_member_id', '=', id)]))
      .execute();

    // The self-update links (issue 28): the open ones revoked, what was sent dropped.
    const selfUpdates = await anonymizeSelfUpdates(trx, id, now);

    // The visitor the member was before "Tornar membro" (issue 26): the same person, erased the
    // same way; their visits and consents stay as facts of a visitor with the anonymized name.
    const visitors = await trx
      .selectFrom('visitors')
      .select(['id', 'name', 'phone', 'notes'])
      .where('member_id', '=', id)
      .execute();
    if (visitors.length > 0) {
      await trx
        .updateTable('visitors')
        .set({ name, phone: null, notes: null, search: searchText(name), updated_at: now })
        .where('member_id', '=', id)
        .execute();
    }
    const notes = await anonymizeFollowups(
      trx,
      visitors.map((visitor) => visitor.id),
      now,
    );
    // The messages to the member, and to the visitor they were (issue 28).
    await anonymizeDeliveries(trx, { memberId: id }, name);
    for (const visitor of visitors) await anonymizeDeliveries(trx, { visitorId: visitor.id }, name);
    const visitorValues = visitors
      .flatMap((visitor) => [
        visitor.name,
        searchText(visitor.name),
        ...numberForms(visitor.phone, formatPhone),
        visitor.notes ?? '',
      ])
      .concat(notes)
      .filter((value) => value.length >= MIN_VALUE);

    // Donor records: unlinked and anonymized with their own number; amounts untouched.
    // Their movements may lie in closed months (issue 27): cleaning their texts is the person's
    // right and changes no figure, so it goes through the closed months' guards.
    const { donors, incomeIds } = await throughClosedMonths(trx, 'anonymization', async () => {
      const donors = await donorsOf(trx, id);
      const incomeIds: number[] = [];
      const cleanedLines = new Set<number>();
      for (const donor of donors) {
        const donorName = anonymizedDonorName(await nextNumber(trx, ANONYMIZED_DONOR_SERIES));
        await trx
          .updateTable('donors')
          .set({
            ...Object.fromEntries(ERASED_DONOR_FIELDS.map((field) => [field, null])),
            member_id: null,
            name: donorName,
            sort_name: searchText(donorName),
            search: searchText(donorName),
            updated_at: now,
          })
          .where('id', '=', donor.id)
          .execute();
        // The statement's words name the donor ("Dízimos – <name>"): the new name takes its place.
        const finance = scrubberOf([
          ...values.map((value): [string, string] => [value, ANONYMIZED]),
          ...donorValues(donor).map((value): [string, string] => [value, ANONYMIZED]),
          [member.name, donorName],
          [donor.name, donorName],
        ]);
        const incomes = await trx
          .selectFrom('incomes')
          .select(['id', 'description', 'notes'])
          .where('donor_id', '=', donor.id)
          .execute();
        for (const income of incomes) {
          incomeIds.push(income.id);
          const description = income.description === null ? null : finance(income.description);
          const notes = income.notes === null ? null : finance(income.notes);
          if (description !== income.description || notes !== income.notes) {
            await trx
              .updateTable('incomes')
              .set({ description, notes })
              .where('id', '=', income.id)
              .execute();
          }
        }
        if (incomes.length > 0) {
          const movements = await trx
            .selectFrom('transactions')
            .select(['id', 'description'])
            .where(
              'income_id',
              'in',
              incomes.map((income) => income.id),
            )
            .execute();
          for (const movement of movements) {
            const description = finance(movement.description);
            if (description !== movement.description) {
              await trx
                .updateTable('transactions')
                .set({ description })
                .where('id', '=', movement.id)
                .execute();
            }
          }
          const linked = await trx
            .selectFrom('statement_lines')
            .select(['id', 'description', 'name', 'memo', 'words'])
            .where(
              'transaction_id',
              'in',
              movements.length > 0 ? movements.map((movement) => movement.id) : [0],
            )
            .execute();
          await cleanStatementLines(trx, linked, finance);
          for (const line of linked) cleanedLines.add(line.id);
        }
      }
      // Bank lines not reconciled with the donor's incomes may still name the member (the bank's
      // words for a payment): their identifying values go too.
      await cleanStatementLines(
        trx,
        (await statementLinesNaming(trx, identifyingValues(member))).filter(
          (line) => !cleanedLines.has(line.id),
        ),
        identifying,
      );
      return { donors, incomeIds };
    });

    // The member out of their household (issue 28); a household left with no member goes whole.
    const family = await anonymizeFamilyLinks(trx, id);

    const trailScrub = scrubberOf([
      ...values.map((value): [string, string] => [value, ANONYMIZED]),
      ...donors.flatMap(donorValues).map((value): [string, string] => [value, ANONYMIZED]),
      ...visitorValues.map((value): [string, string] => [value, ANONYMIZED]),
    ]);
    const auditEntries = await anonymizeTrail(
      trx,
      {
        memberId: id,
        donorIds: donors.map((donor) => donor.id),
        incomeIds,
        requestIds: requests.map((request) => request.id),
        visitorIds: visitors.map((visitor) => visitor.id),
      },
      trailScrub,
      identifying,
    );

    // The entry of the anonymization itself: which fields held a value, never the value.
    const changes: Record<string, [unknown, unknown]> = { name: [ANONYMIZED, name] };
    for (const field of ERASED_MEMBER_FIELDS) {
      if (field === 'photo_thumb' || isBlank(member[field])) continue;
      changes[field] = [erasedValue(field, member[field]), null];
    }
    let custom: Record<string, unknown> = {};
    try {
      custom = JSON.parse(member.custom_fields) as Record<string, unknown>;
    } catch {
      // nothing to list
    }
    for (const [key, value] of Object.entries(custom)) {
      if (!isBlank(value)) changes[`custom_fields.${key}`] = [ANONYMIZED, null];
    }
    const reached: Reached = {
      credentials_revoked: Number(active.count),
      letters: letters.length,
      transfers: transfers.length,
      milestones,
      consents: consents.length,
      privacy_requests: requests.length,
      donors: donors.length,
      visitors: visitors.length,
      self_updates: selfUpdates,
      ...family,
      audit_entries: auditEntries,
    };
    await audit(trx, actor, {
      action: 'anonymize',
      resource: 'members',
      record_id: id,
      changes,
      details: { ...reached },
    });
  });
  return loadMember(db, id);
}
