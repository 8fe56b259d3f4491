// Certificates (issue 28): issued from a dated milestone, numbered per kind and year in the
// issuing transaction (document_counters 'certificate:<kind>:<year>'), one per milestone —
// issued again, the same certificate is answered and reprinted with its number. A baptism
// service's batch issues the day's missing ones and prints them all in one PDF.
import type { Kysely, Transaction } from 'kysely';
import { todayIso } from '../../../domain/dates.js';
import { longDate } from '../../../domain/calendar.js';
import { formatLetterNumber } from '../../../domain/letters.js';
import { ADMISSION_TYPE_LABELS } from '../../../domain/members.js';
import {
  CERTIFICATE_KINDS,
  CERTIFICATE_KIND_LABELS,
  CERTIFICATE_MILESTONE,
  CERTIFICATE_NEEDS,
  type CertificateKind,
  certificateBatchSchema,
  certificateSchema,
  certificateText,
} from '../../../domain/milestones.js';
import { ANONYMIZED_MEMBER_LOCKED } from '../../../domain/subjectRights.js';
import { isUniqueViolation, nextNumber } from '../../db/counters.js';
import type { Certificate, Database } from '../../db/schema.js';
import { applyFilters, inPageOrder, pageOf, totalOf } from '../../http/listFilters.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Scope, ensureReadable, ensureWritable } from '../../http/scope.js';
import { ApiError, conflict, notFound, validated } from '../../plugins/errors.js';
import { type Actor, audit, auditMany } from '../../audit/trail.js';
import { ensureChurchReadyForDocuments } from '../church/index.js';
import { listCongregations, throughMember } from '../members/index.js';
import { type CertificatePage, certificatesPdf } from '../../pdf/certificate.js';

export const CERTIFICATE_NOT_FOUND = 'Certificado não encontrado.';
export const CERTIFICATE_SORTS = {
  issued_on: 'certificates.issued_on',
  number: 'certificates.number',
  kind: 'certificates.kind',
  id: 'certificates.id',
} as const;
/** Pages of one PDF: a baptism service of a large church fits. */
export const MAX_PRINT = 500;

type Row = Certificate & {
  member_name: string;
  congregation_id: number;
  milestone_date: string | null;
};

function toApiCertificate(row: Row) {
  return {
    id: row.id,
    member_id: row.member_id,
    member_name: row.member_name,
    congregation_id: row.congregation_id,
    milestone_id: row.milestone_id,
    milestone_date: row.milestone_date,
    kind: row.kind,
    year: row.year,
    number: row.number,
    number_text: formatLetterNumber(row.number, row.year),
    issued_on: row.issued_on,
    created_at: row.created_at,
  };
}

function certificatesWithMember(db: Kysely<Database>) {
  return db
    .selectFrom('certificates')
    .innerJoin('members', 'members.id', 'certificates.member_id')
    .innerJoin('member_milestones', 'member_milestones.id', 'certificates.milestone_id')
    .selectAll('certificates')
    .select([
      'members.name as member_name',
      'members.congregation_id',
      'member_milestones.date as milestone_date',
    ]);
}

export async function loadCertificate(db: Kysely<Database>, id: number, rights: Scope = null) {
  const row = await certificatesWithMember(db).where('certificates.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  ensureReadable(rights, row.congregation_id);
  return toApiCertificate(row);
}

export async function listCertificates(
  db: Kysely<Database>,
  { sort, range, filter }: ListParams,
  view: Scope = null,
) {
  let query = throughMember(
    db.selectFrom('certificates'),
    'certificates.member_id',
    listCongregations(filter, view),
  );
  query = applyFilters(query, filter, {
    congregation_id: (applied) => applied,
    member_id: 'reference',
    id: 'ids',
    kind: CERTIFICATE_KINDS,
    issued_on_gte: 'from',
    issued_on_lte: 'to',
  });
  const column = CERTIFICATE_SORTS[sort.field as keyof typeof CERTIFICATE_SORTS];
  const [ids, total] = await Promise.all([
    pageOf(query.select('certificates.id'), column, sort, range).execute(),
    totalOf(db, query.select('certificates.id')),
  ]);
  const rows = await inPageOrder(ids, async (page) =>
    (await certificatesWithMember(db).where('certificates.id', 'in', page).execute()).map(
      toApiCertificate,
    ),
  );
  return { rows, total };
}

const needs = (kind: CertificateKind) =>
  new ApiError(422, CERTIFICATE_NEEDS[kind], { kind: CERTIFICATE_NEEDS[kind] });

/**
 * The certificate of a milestone, issued now (numbered) unless it already has one: that one is
 * answered. Inside the caller's transaction.
 */
async function certify(
  trx: Transaction<Database>,
  milestone: { id: number; member_id: number },
  kind: CertificateKind,
  actor: Actor,
  today: string,
): Promise<{ id: number; issued: boolean }> {
  const existing = await trx
    .selectFrom('certificates')
    .select('id')
    .where('milestone_id', '=', milestone.id)
    .executeTakeFirst();
  if (existing) return { id: existing.id, issued: false };
  const year = Number(today.slice(0, 4));
  const number = await nextNumber(trx, `certificate:${kind}:${year}`);
  const values = {
    member_id: milestone.member_id,
    milestone_id: milestone.id,
    kind,
    year,
    number,
    issued_on: today,
  };
  const { id } = await trx
    .insertInto('certificates')
    .values({ ...values, created_by: actor.user_id, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(trx, actor, {
    action: 'issue',
    resource: 'certificates',
    record_id: id,
    member_id: milestone.member_id,
    after: { kind, year, number, issued_on: today },
    details: { milestone_id: milestone.id },
  });
  return { id, issued: true };
}

/**
 * POST /api/certificates: the member's certificate of `kind` for the given milestone or the
 * latest dated one of its kind; 422 without one (no baptism certificate without a baptism date).
 * A second issue of the same milestone (even at the same moment) answers the first certificate.
 */
export async function issueCertificate(db: Kysely<Database>, body: unknown, actor: Actor) {
  const input = validated(certificateSchema, body);
  const member = await db
    .selectFrom('members')
    .select(['id', 'congregation_id', 'anonymized_at'])
    .where('id', '=', input.member_id)
    .executeTakeFirst();
  if (!member)
    throw new ApiError(422, 'Membro não encontrado.', { member_id: 'Membro não encontrado.' });
  ensureWritable(actor.rights, member.congregation_id);
  if (member.anonymized_at) throw conflict(ANONYMIZED_MEMBER_LOCKED);
  let milestones = db
    .selectFrom('member_milestones')
    .select(['id', 'member_id'])
    .where('member_id', '=', input.member_id)
    .where('kind', '=', CERTIFICATE_MILESTONE[input.kind])
    .where('date', 'is not', null);
  if (input.milestone_id !== null) milestones = milestones.where('id', '=', input.milestone_id);
  const milestone = await milestones
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!milestone) throw needs(input.kind);
  await ensureChurchReadyForDocuments(db);
  const today = todayIso();
  let result: { id: number; issued: boolean };
  try {
    result = await db
      .transaction()
      .execute((trx) => certify(trx, milestone, input.kind, actor, today));
  } catch (error) {
    // The same milestone certified meanwhile by another request: that certificate is the one.
    if (!isUniqueViolation(error)) throw error;
    const existing = await db
      .selectFrom('certificates')
      .select('id')
      .where('milestone_id', '=', milestone.id)
      .executeTakeFirstOrThrow();
    result = { id: existing.id, issued: false };
  }
  return { certificate: await loadCertificate(db, result.id), issued: result.issued };
}

/** The pages of these certificates, in the given order; 404 for one outside the rights. */
export async function certificatesDocument(db: Kysely<Database>, ids: number[], rights: Scope) {
  const rows = await db
    .selectFrom('certificates')
    .innerJoin('members', 'members.id', 'certificates.member_id')
    .innerJoin('member_milestones as m', 'm.id', 'certificates.milestone_id')
    .leftJoin('members as officiant', 'officiant.id', 'm.officiant_member_id')
    .select([
      'certificates.id',
      'certificates.kind',
      'certificates.number',
      'certificates.year',
      'certificates.issued_on',
      'members.name',
      'members.sex',
      'members.father_name',
      'members.mother_name',
      'members.congregation_id',
      'members.anonymized_at',
      'm.date',
      'm.place',
      'm.officiant_name',
      'officiant.name as officiant_member_name',
      'm.spouse_name',
      'm.admission_type',
      'm.origin_church',
    ])
    .where('certificates.id', 'in', ids.length > 0 ? ids : [0])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const church = await db
    .selectFrom('church')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const pages: CertificatePage[] = ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
    ensureReadable(rights, row.congregation_id);
    const number = formatLetterNumber(row.number, row.year);
    // Printed now, it would carry "Titular anonimizado nº N": a certificate nobody received.
    if (row.anonymized_at) {
      throw conflict(
        `O certificado nº ${number} é de um titular anonimizado: o Adam não o imprime mais.`,
      );
    }
    const kind = row.kind as CertificateKind;
    const officiant = row.officiant_name ?? row.officiant_member_name;
    return {
      number: row.number,
      year: row.year,
      issued_on: row.issued_on,
      text: certificateText({
        kind,
        member: row,
        date_text: row.date ? longDate(row.date) : '',
        place: row.place,
        officiant,
        spouse_name: row.spouse_name,
        admission_type_label: row.admission_type
          ? (ADMISSION_TYPE_LABELS[row.admission_type as keyof typeof ADMISSION_TYPE_LABELS] ??
            null)
          : null,
        origin_church: row.origin_church,
        church_name: church.name,
      }),
      second_signer:
        kind === 'membership' || !officiant
          ? { name: '', role: 'Secretário(a)' }
          : { name: officiant, role: 'Oficiante' },
    };
  });
  const title =
    ids.length === 1 && pages[0]
      ? `${CERTIFICATE_KIND_LABELS[byId.get(ids[0])!.kind as CertificateKind]} nº ${formatLetterNumber(pages[0].number, pages[0].year)}`
      : 'Certificados';
  return certificatesPdf(church, pages, title);
}

/**
 * A baptism service (POST /api/certificates/batch): every member of the congregation (or of the
 * user's congregations) baptized in the waters on `date` gets the certificate of that baptism,
 * numbered now if it has none, in one transaction; answers the certificates' ids in name order.
 */
export async function issueBaptismBatch(db: Kysely<Database>, body: unknown, actor: Actor) {
  const input = validated(certificateBatchSchema, body);
  const date = input.date as string;
  if (input.congregation_id !== null) ensureWritable(actor.rights, input.congregation_id);
  const congregations = input.congregation_id !== null ? [input.congregation_id] : actor.rights;
  await ensureChurchReadyForDocuments(db);
  const today = todayIso();
  const batch = () =>
    db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('member_milestones')
        .innerJoin('members', 'members.id', 'member_milestones.member_id')
        .select(['member_milestones.id', 'member_milestones.member_id'])
        .where('member_milestones.kind', '=', 'water_baptism')
        .where('member_milestones.date', '=', date)
        .where('members.anonymized_at', 'is', null);
      if (congregations !== null) {
        query = query.where(
          'members.congregation_id',
          'in',
          congregations.length > 0 ? [...congregations] : [0],
        );
      }
      const baptisms = await query
        .orderBy('members.sort_name')
        .orderBy('member_milestones.id')
        .limit(MAX_PRINT + 1)
        .execute();
      if (baptisms.length === 0) {
        const message = `Nenhum batismo nas águas registrado em ${longDate(date)}${input.congregation_id !== null ? ' nesta congregação' : ''}.`;
        throw new ApiError(422, message, { date: message });
      }
      if (baptisms.length > MAX_PRINT) {
        throw new ApiError(
          422,
          `Mais de ${MAX_PRINT} batismos nesse dia: escolha uma congregação.`,
        );
      }
      const ids: number[] = [];
      let issued = 0;
      for (const baptism of baptisms) {
        const result = await certify(trx, baptism, 'baptism', actor, today);
        ids.push(result.id);
        if (result.issued) issued++;
      }
      await auditMany(trx, actor, [
        {
          action: 'pdf',
          resource: 'certificates',
          record_id: null,
          details: { file: `batismos-${date}.pdf`, date, rows: ids.length, issued },
        },
      ]);
      return ids;
    });
  // A baptism of the day certified meanwhile by a single issue: the second pass reprints it.
  const ids = await batch().catch((error: unknown) => {
    if (isUniqueViolation(error)) return batch();
    throw error;
  });
  return { ids, pdf: await certificatesDocument(db, ids, actor.rights) };
}
