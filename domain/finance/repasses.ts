// The repasses (issue 27): the share of its tithes and offerings (the incomes of the plano de
// contas' group "Dízimos e ofertas", role `tithes`) a congregation sends to its sede, as a rate
// valid from a month. Shared by the congregation form, the API and the report.
import { z } from 'zod';
import { MONTH_PATTERN } from './periods';

/** The percentage with at most two decimals, stored in basis points (10,5% = 1050). */
export const MAX_RATE_BP = 10_000;

export const percentToBp = (percent: number) => Math.round(percent * 100);
export const bpToPercent = (bp: number) => bp / 100;

/**
 * The repasse due on a month's base: base × rate, rounded to the centavo half up (R$ 123,45 at
 * 10% = R$ 12,345 → R$ 12,35), in integer arithmetic so no amount loses a centavo.
 */
export function transferDue(baseCents: number, rateBp: number): number {
  const product = BigInt(baseCents) * BigInt(rateBp);
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  return Number(((magnitude + 5_000n) / 10_000n) * sign);
}

/** The rate of `month` among a congregation's rates (sorted by from_month), or 0 before the first. */
export function rateOn(
  rates: ReadonlyArray<{ from_month: string; rate_bp: number }>,
  month: string,
) {
  let rate = 0;
  for (const entry of rates) if (entry.from_month <= month) rate = entry.rate_bp;
  return rate;
}

const PERCENT_MESSAGE = 'Percentual inválido: de 0 a 100, com no máximo duas casas decimais.';

/** The congregation form's fields of the repasse: both, or neither. */
export const transferRateFields = {
  transfer_percent: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .number({ error: PERCENT_MESSAGE })
      .min(0, { error: PERCENT_MESSAGE })
      .max(100, { error: PERCENT_MESSAGE })
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
        error: PERCENT_MESSAGE,
      })
      .nullable(),
  ),
  transfer_from: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z
      .string({ error: 'Mês inválido: use AAAA-MM.' })
      .regex(MONTH_PATTERN, { error: 'Mês inválido: use AAAA-MM.' })
      .nullable(),
  ),
};

/** '10%', '12,5%' (up to two decimals), or '—' without a rate. */
export const rateText = (percent: number | null) =>
  percent === null ? '—' : `${percent.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
