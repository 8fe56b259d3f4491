// What the data subject's rights (LGPD, issue 13) reach of the milestones: the export lists every
// milestone and certificate of the member; anonymization erases the free texts that may name or
// place the person (place, officiant, spouse, origin church, notes) and keeps the kinds, dates and
// certificate numbers (the church's books and statistics).
import type { Kysely, Transaction } from 'kysely';
import { formatLetterNumber } from '../../../domain/letters.js';
import {
  CERTIFICATE_KIND_LABELS,
  type CertificateKind,
  MILESTONE_KIND_LABELS,
  type MilestoneKind,
} from '../../../domain/milestones.js';
import type { Database } from '../../db/schema.js';

/** The milestone fields anonymization erases. */
export const ERASED_MILESTONE_FIELDS = [
  'place',
  'officiant_name',
  'officiant_member_id',
  'spouse_name',
  'origin_church',
  'notes',
] as const;

export async function subjectMilestones(db: Kysely<Database>, memberId: number) {
  const [milestones, certificates] = await Promise.all([
    db
      .selectFrom('member_milestones')
      .leftJoin('members as officiant', 'officiant.id', 'member_milestones.officiant_member_id')
      .select([
        'member_milestones.id',
        'member_milestones.kind',
        'member_milestones.date',
        'member_milestones.place',
        'member_milestones.officiant_name',
        'officiant.name as officiant_member_name',
        'member_milestones.admission_type',
        'member_milestones.origin_church',
        'member_milestones.spouse_name',
        'member_milestones.notes',
      ])
      .where('member_milestones.member_id', '=', memberId)
      .orderBy('member_milestones.date', 'desc')
      .orderBy('member_milestones.id', 'desc')
      .execute(),
    db
      .selectFrom('certificates')
      .select(['id', 'milestone_id', 'kind', 'number', 'year', 'issued_on'])
      .where('member_id', '=', memberId)
      .orderBy('issued_on', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return {
    milestones: milestones.map((milestone) => ({
      ...milestone,
      kind_label: MILESTONE_KIND_LABELS[milestone.kind as MilestoneKind] ?? milestone.kind,
    })),
    certificates: certificates.map((certificate) => ({
      ...certificate,
      number_text: formatLetterNumber(certificate.number, certificate.year),
      kind_label: CERTIFICATE_KIND_LABELS[certificate.kind as CertificateKind] ?? certificate.kind,
    })),
  };
}

/** Erases the member's milestones' free texts; answers how many milestones it reached. */
export async function anonymizeMilestones(
  trx: Transaction<Database>,
  memberId: number,
): Promise<number> {
  const erased = Object.fromEntries(ERASED_MILESTONE_FIELDS.map((field) => [field, null]));
  const result = await trx
    .updateTable('member_milestones')
    .set({ ...erased, updated_at: new Date().toISOString() })
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
