// The month closed (issue 27): what an admin sends to close a month after the conselho fiscal's
// approval and to reopen it, and the words the server and the screens say about a closed month.
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate } from '../dates';
import { emptyToNull } from '../fields';

/** A month as the API names it: AAAA-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 2026-10 -> 10/2026. */
export const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** 2026-11-05 -> 05/11/2026. */
const dateLabel = (date: string) => date.slice(0, 10).split('-').reverse().join('/');

/** The refusal of every write dated in a closed month. */
export const closedMonthMessage = (month: string, approvedOn: string) =>
  `O mês ${monthLabel(month)} está fechado (aprovado em ${dateLabel(approvedOn)}). ` +
  'Peça a um administrador para reabri-lo.';

/** The first day of the month after `month` (AAAA-MM): the earliest a month can be approved. */
export function monthAfter(month: string): string {
  const year = Number(month.slice(0, 4));
  const next = Number(month.slice(5, 7)) + 1;
  return next > 12 ? `${year + 1}-01-01` : `${year}-${String(next).padStart(2, '0')}-01`;
}

const text = (max: number, message: string, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: message })
      .min(1, { error: message })
      .max(max, { error: `${label}: no máximo ${max} caracteres.` }),
  );

export const closePeriodSchema = z.object({
  approved_on: z.preprocess(
    emptyToNull,
    z
      .string({ error: 'Informe a data da aprovação.' })
      .refine(isIsoDate, { error: INVALID_DATE_MESSAGE }),
  ),
  approvers: text(500, 'Informe quem aprovou (os membros do conselho fiscal).', 'Aprovado por'),
  opinion: text(5000, 'Informe o parecer do conselho fiscal.', 'Parecer'),
});
export type ClosePeriodInput = z.infer<typeof closePeriodSchema>;

export const reopenPeriodSchema = z.object({
  reason: text(1000, 'Informe o motivo da reabertura.', 'Motivo'),
});
export type ReopenPeriodInput = z.infer<typeof reopenPeriodSchema>;
