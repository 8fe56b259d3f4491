// Consolidação (issue 26): the follow-up of a visitor who agreed to be contacted. The church
// configures its pipeline — ordered stages, each with a default due offset in days — and every
// consenting visitor gets one step per stage, with an owner (a user) and a due date; a step is
// done (who, when, a note) or skipped. Withdrawing the consent cancels the open steps: nobody is
// asked to contact a person who said no.
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate } from './dates';
import { emptyToNull, optionalText, recordId } from './fields';

/** What became of a step. */
export const FOLLOWUP_STATUSES = ['open', 'done', 'skipped', 'canceled'] as const;
export type FollowupStatus = (typeof FOLLOWUP_STATUSES)[number];
export const FOLLOWUP_STATUS_LABELS: Record<FollowupStatus, string> = {
  open: 'Aberta',
  done: 'Feita',
  skipped: 'Pulada',
  canceled: 'Cancelada',
};

/** How a step is closed. */
export const FOLLOWUP_CLOSINGS = ['done', 'skipped'] as const;

/** The most days a stage may be due after the visitor's start (a year). */
export const MAX_DUE_DAYS = 365;

/** The note written on the steps a withdrawal of consent cancels. */
export const CONSENT_WITHDRAWN_NOTE = 'Consentimento para contato retirado.';

export const FOLLOWUP_NEEDS_CONSENT =
  'Este visitante não tem consentimento para ser contatado: a consolidação não pode começar.';
export const FOLLOWUP_NOT_OPEN = 'Esta etapa já foi encerrada.';

/** A stage of the church's pipeline (/igreja/etapas). */
export const followupStageSchema = z.object({
  name: z
    .string({ error: 'Informe o nome da etapa.' })
    .trim()
    .min(1, { error: 'Informe o nome da etapa.' })
    .max(100, { error: 'Nome da etapa: no máximo 100 caracteres.' }),
  due_days: z
    .number({ error: 'Prazo: informe o número de dias.' })
    .int({ error: 'Prazo: informe um número inteiro de dias.' })
    .min(0, { error: 'Prazo: não pode ser negativo.' })
    .max(MAX_DUE_DAYS, { error: `Prazo: no máximo ${MAX_DUE_DAYS} dias.` }),
  sort_order: z
    .number({ error: 'Ordem: informe um número inteiro.' })
    .int({ error: 'Ordem: informe um número inteiro.' })
    .min(0, { error: 'Ordem: não pode ser negativa.' })
    .max(1000, { error: 'Ordem: no máximo 1000.' })
    .default(0),
  active: z.boolean({ error: 'Ativa: use sim ou não.' }).default(true),
});
export type FollowupStageInput = z.infer<typeof followupStageSchema>;

/** A step handed to someone else or given another due date (only while it is open). */
export const followupChangeSchema = z.object({
  owner_id: z.preprocess(emptyToNull, recordId('Informe o responsável.')),
  due_on: z.preprocess(
    emptyToNull,
    z.string({ error: 'Informe o prazo.' }).refine(isIsoDate, { error: INVALID_DATE_MESSAGE }),
  ),
});

/** A step closed: done or skipped, with an optional note. */
export const followupCloseSchema = z.object({
  status: z.enum(FOLLOWUP_CLOSINGS, {
    error: 'Situação inválida: marque a etapa como feita ("done") ou pulada ("skipped").',
  }),
  note: optionalText(1000, 'Observação').default(null),
});

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * The WhatsApp greeting of a step: the visitor and the owner by first name, the church in
 * parentheses (a name may be masculine or feminine: no article to get wrong).
 */
export function followupGreeting(visitor: string, owner: string | null, church: string): string {
  const who = owner ? `Aqui é ${firstName(owner)}` : 'Aqui é da igreja';
  const where = church.trim() ? ` (${church.trim()})` : '';
  return `Olá, ${firstName(visitor)}! ${who}${where}. Foi uma alegria ter você conosco. Podemos conversar?`;
}
