// The register of the data subjects' requests (LGPD art. 18 and 19): what was asked, by whom,
// when, the 15-day deadline, and the answer. Kept by admins (/configuracoes/pedidos-lgpd).
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, addDays, isIsoDate, todayIso } from './dates';
import { emptyToNull, optionalText, recordId } from './fields';

export const PRIVACY_REQUEST_KINDS = [
  'access',
  'correction',
  'deletion',
  'portability',
  'revocation',
] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: 'Acesso aos dados',
  correction: 'Correção',
  deletion: 'Eliminação',
  portability: 'Portabilidade',
  revocation: 'Revogação do consentimento',
};

export const PRIVACY_REQUEST_STATUSES = ['open', 'in_progress', 'answered', 'refused'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];
export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  open: 'Aberto',
  in_progress: 'Em andamento',
  answered: 'Respondido',
  refused: 'Recusado',
};
/** The statuses that close a request (an answer was given). */
export const CLOSED_STATUSES: readonly PrivacyRequestStatus[] = ['answered', 'refused'];

/** LGPD art. 19 II: a complete answer within 15 days of the request. */
export const PRIVACY_REQUEST_DAYS = 15;
/** An open request this many days or fewer from its deadline is highlighted. */
export const PRIVACY_REQUEST_NEAR_DAYS = 3;

export function privacyRequestDueOn(receivedOn: string): string {
  return addDays(receivedOn, PRIVACY_REQUEST_DAYS);
}

export type DeadlineState = 'closed' | 'overdue' | 'near' | 'ok';

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** Where a request stands against its deadline on `today`. */
export function deadlineState(
  request: { status: string; due_on: string },
  today = todayIso(),
): { state: DeadlineState; days_left: number | null } {
  if ((CLOSED_STATUSES as readonly string[]).includes(request.status)) {
    return { state: 'closed', days_left: null };
  }
  const left = daysBetween(today, request.due_on);
  return {
    state: left < 0 ? 'overdue' : left <= PRIVACY_REQUEST_NEAR_DAYS ? 'near' : 'ok',
    days_left: left,
  };
}

const date = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ error: INVALID_DATE_MESSAGE })
      .refine(isIsoDate, { error: INVALID_DATE_MESSAGE })
      .refine((value) => value <= todayIso(), { error: `${label} não pode estar no futuro.` })
      .nullable(),
  );

/** A request as an admin writes it; due_on is computed, never sent. */
export const privacyRequestSchema = z
  .object({
    kind: z.enum(PRIVACY_REQUEST_KINDS, { error: 'Escolha o tipo do pedido.' }),
    member_id: z.preprocess(emptyToNull, recordId('Membro inválido.').nullable()),
    holder_name: optionalText(150, 'Nome do titular'),
    holder_contact: optionalText(150, 'Contato do titular'),
    received_on: date('A data de recebimento'),
    status: z.enum(PRIVACY_REQUEST_STATUSES, { error: 'Situação inválida.' }).default('open'),
    answer: optionalText(5000, 'Resposta'),
    answered_on: date('A data da resposta'),
  })
  .superRefine(
    (data, ctx) => {
      if (!data.received_on) {
        ctx.addIssue({
          code: 'custom',
          path: ['received_on'],
          message: 'Informe a data em que o pedido foi recebido.',
        });
      }
      if (!data.member_id && !data.holder_name) {
        ctx.addIssue({
          code: 'custom',
          path: ['holder_name'],
          message: 'Informe o titular: escolha um membro ou escreva o nome.',
        });
      }
      const closed = (CLOSED_STATUSES as readonly unknown[]).includes(data.status);
      if (closed && !data.answer) {
        ctx.addIssue({
          code: 'custom',
          path: ['answer'],
          message:
            data.status === 'refused'
              ? 'Informe a resposta dada ao titular (o motivo da recusa).'
              : 'Informe a resposta dada ao titular.',
        });
      }
      if (closed && !data.answered_on) {
        ctx.addIssue({
          code: 'custom',
          path: ['answered_on'],
          message: 'Informe a data da resposta.',
        });
      }
      if (!closed && data.answered_on) {
        ctx.addIssue({
          code: 'custom',
          path: ['answered_on'],
          message: 'A data da resposta só vale para um pedido respondido ou recusado.',
        });
      }
      // With `when`, this also runs over fields that failed: only real texts are compared.
      if (
        typeof data.received_on === 'string' &&
        typeof data.answered_on === 'string' &&
        data.answered_on < data.received_on
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['answered_on'],
          message: 'A data da resposta não pode ser anterior ao recebimento.',
        });
      }
      // Also when a field failed: every missing answer is said at once.
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type PrivacyRequestInput = z.infer<typeof privacyRequestSchema>;
