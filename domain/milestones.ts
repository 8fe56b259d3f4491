// Marcos (issue 28): the milestones of a member's life in the church, each with its date, place
// and officiant, and the certificates printed from them (batismo, apresentação de criança,
// casamento religioso, membresia), numbered per kind and year (7/2026). The schema is the
// server's check and the dialog's.
import { z } from 'zod';
import { emptyToNull, optionalChoice, optionalText, recordId } from './fields';
import { ADMISSION_TYPES } from './members';
import { pastDate } from './memberSchema';
import {
  CERTIFICATE_KINDS,
  CERTIFICATE_KIND_LABELS,
  type CertificateKind,
  MILESTONE_KINDS,
  MILESTONE_KIND_LABELS,
  type MilestoneKind,
} from './journeyWords';

/**
 * The milestones the member's own columns project (baptism_date, holy_spirit_baptism, the
 * admission and consecration): the milestones are the truth, the columns follow them.
 */
export const PROJECTED_KINDS = [
  'water_baptism',
  'holy_spirit_baptism',
  'reception',
  'consecration',
] as const satisfies readonly MilestoneKind[];

/** Only the Holy Spirit baptism may be recorded without a date (the old yes/no field). */
export const UNDATED_KINDS: readonly MilestoneKind[] = ['holy_spirit_baptism'];

export const milestoneSchema = z
  .object({
    member_id: recordId('Informe o membro.'),
    kind: z.enum(MILESTONE_KINDS, { error: 'Escolha o tipo de marco.' }),
    date: pastDate('A data do marco'),
    place: optionalText(150, 'Local'),
    officiant_name: optionalText(150, 'Oficiante'),
    officiant_member_id: z.preprocess(emptyToNull, recordId('Oficiante inválido.').nullable()),
    // Reception: how (batismo, carta, aclamação) and from which church.
    admission_type: optionalChoice(ADMISSION_TYPES, 'Forma de recebimento inválida.'),
    origin_church: optionalText(150, 'Igreja de origem'),
    // Marriage: the spouse's name, as the certificate prints it.
    spouse_name: optionalText(150, 'Nome do cônjuge'),
    // Consecration: the office received.
    position_id: z.preprocess(emptyToNull, recordId('Cargo inválido.').nullable()),
    notes: optionalText(1000, 'Observações'),
  })
  .superRefine((milestone, ctx) => {
    if (!milestone.date && !UNDATED_KINDS.includes(milestone.kind)) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Informe a data.' });
    }
  });
export type MilestoneInput = z.infer<typeof milestoneSchema>;

/** The fields a change may carry: the member and kind stay as recorded. */
export const MILESTONE_FIXED_FIELDS = ['member_id', 'kind'] as const;

export {
  CERTIFICATE_KINDS,
  CERTIFICATE_KIND_LABELS,
  type CertificateKind,
  MILESTONE_KINDS,
  MILESTONE_KIND_LABELS,
  type MilestoneKind,
};
/** The milestone each certificate attests. */
export const CERTIFICATE_MILESTONE: Record<CertificateKind, MilestoneKind> = {
  baptism: 'water_baptism',
  child_presentation: 'child_presentation',
  marriage: 'marriage',
  membership: 'reception',
};
/** Why a certificate cannot be issued: the member has no dated milestone of its kind. */
export const CERTIFICATE_NEEDS: Record<CertificateKind, string> = {
  baptism:
    'Este membro não tem batismo nas águas com data registrado: registre o batismo antes de emitir o certificado.',
  child_presentation:
    'Este membro não tem apresentação de criança com data registrada: registre a apresentação antes de emitir o certificado.',
  marriage:
    'Este membro não tem casamento com data registrado: registre o casamento antes de emitir o certificado.',
  membership:
    'Este membro não tem recebimento com data registrado: registre o recebimento antes de emitir o certificado.',
};

export const certificateSchema = z.object({
  member_id: recordId('Informe o membro.'),
  kind: z.enum(CERTIFICATE_KINDS, { error: 'Escolha o certificado.' }),
  // The milestone to attest; absent: the member's latest dated one of the certificate's kind.
  milestone_id: z.preprocess(emptyToNull, recordId('Marco inválido.').nullable()).default(null),
});
export type CertificateInput = z.infer<typeof certificateSchema>;

/** A baptism service's certificates: every member baptized that day (in one congregation). */
export const certificateBatchSchema = z.object({
  date: pastDate('A data do batismo').refine((value) => value !== null, {
    error: 'Informe a data do batismo.',
  }),
  congregation_id: z.preprocess(emptyToNull, recordId('Congregação inválida.').nullable()),
});

/** The words of a certificate (Portuguese, agreeing with the member's sex when known). */
export function certificateText(certificate: {
  kind: CertificateKind;
  member: {
    name: string;
    sex: string | null;
    father_name: string | null;
    mother_name: string | null;
  };
  /** The milestone's date written long ("10 de maio de 2026"). */
  date_text: string;
  place: string | null;
  officiant: string | null;
  spouse_name: string | null;
  admission_type_label: string | null;
  origin_church: string | null;
  church_name: string;
}): { title: string; lead: string; name: string; body: string } {
  const { member } = certificate;
  const female = member.sex === 'F';
  const male = member.sex === 'M';
  const agree = (stem: string) => `${stem}${female ? 'a' : male ? 'o' : 'o(a)'}`;
  const at = certificate.place ? `, em ${certificate.place}` : '';
  const by = certificate.officiant ? `, ministrado por ${certificate.officiant}` : '';
  const parents = [member.father_name, member.mother_name].filter(Boolean).join(' e ');
  const bodies: Record<CertificateKind, string> = {
    baptism: `foi ${agree('batizad')} nas águas, em nome do Pai, do Filho e do Espírito Santo (Mateus 28.19), no dia ${certificate.date_text}${at}${by}, conforme os registros da ${certificate.church_name}.`,
    child_presentation: `${parents ? `${female ? 'filha' : male ? 'filho' : 'filho(a)'} de ${parents}, ` : ''}foi ${agree('apresentad')} ao Senhor na ${certificate.church_name} no dia ${certificate.date_text}${at}${certificate.officiant ? `, em oração feita por ${certificate.officiant}` : ''}. "Deixai vir a mim os pequeninos" (Marcos 10.14).`,
    marriage: `${certificate.spouse_name ? `e ${certificate.spouse_name} ` : ''}receberam a bênção do casamento religioso no dia ${certificate.date_text}${at}${certificate.officiant ? `, em cerimônia celebrada por ${certificate.officiant}` : ''}, diante de Deus e da ${certificate.church_name}.`,
    membership: `é membro da ${certificate.church_name} desde ${certificate.date_text}${certificate.admission_type_label ? `, ${agree('recebid')} por ${certificate.admission_type_label.toLowerCase()}` : ''}${certificate.origin_church ? `, vindo de ${certificate.origin_church}` : ''}, e está em plena comunhão com esta igreja.`,
  };
  return {
    title: CERTIFICATE_KIND_LABELS[certificate.kind].toUpperCase(),
    lead: 'Certificamos que',
    name: member.name,
    body: bodies[certificate.kind],
  };
}
