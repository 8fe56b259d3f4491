// The Escola Bíblica Dominical (issue 26): classes (turmas) per congregation and trimestre, their
// teachers and enrolled students, the Sunday chamada of each class — a gathering of kind 'ebd' on
// the one attendance engine, with the class's own counts (Bíblias, revistas, oferta) — the
// secretary's summary of a Sunday, and the certificates of attendance at a trimestre's end.
import { z } from 'zod';
import { offeringCents, weekdayOf } from './churchLife';
import { INVALID_DATE_MESSAGE, addDays, isIsoDate } from './dates';
import { emptyToNull, optionalText, recordId } from './fields';

export const QUARTERS = [1, 2, 3, 4] as const;

/** "2º trimestre de 2026". */
export const quarterLabel = (year: number, quarter: number) => `${quarter}º trimestre de ${year}`;

/** The first and last day of a trimestre (1: January to March …). */
export function quarterBounds(year: number, quarter: number): { start: string; end: string } {
  const firstMonth = (quarter - 1) * 3 + 1;
  const last = new Date(Date.UTC(year, firstMonth + 2, 0)).getUTCDate();
  const mm = (month: number) => String(month).padStart(2, '0');
  return {
    start: `${year}-${mm(firstMonth)}-01`,
    end: `${year}-${mm(firstMonth + 2)}-${last}`,
  };
}

/** The trimestre a date falls in. */
export const quarterOf = (date: string) => ({
  year: Number(date.slice(0, 4)),
  quarter: Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1,
});

/**
 * The age groups a church usually divides its EBD into (the lesson magazines' own), offered as
 * suggestions: a class names its age group freely and keeps its own age range.
 */
export const AGE_GROUPS: ReadonlyArray<{ name: string; min: number; max: number | null }> = [
  { name: 'Berçário', min: 0, max: 3 },
  { name: 'Jardim de Infância', min: 4, max: 6 },
  { name: 'Primários', min: 7, max: 8 },
  { name: 'Juniores', min: 9, max: 11 },
  { name: 'Adolescentes', min: 12, max: 14 },
  { name: 'Juvenis', min: 15, max: 17 },
  { name: 'Jovens', min: 18, max: 29 },
  { name: 'Adultos', min: 30, max: null },
];

/** The most teachers a class lists. */
export const MAX_TEACHERS = 10;
export const MAX_AGE = 120;

const age = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .number({ error: `${label}: informe a idade em anos.` })
      .int({ error: `${label}: informe a idade em anos.` })
      .min(0, { error: `${label}: não pode ser negativa.` })
      .max(MAX_AGE, { error: `${label}: no máximo ${MAX_AGE} anos.` })
      .nullable(),
  );

/** A class (turma) of a congregation's EBD in a trimestre. */
export const ebdClassSchema = z
  .object({
    name: z
      .string({ error: 'Informe o nome da turma.' })
      .trim()
      .min(1, { error: 'Informe o nome da turma.' })
      .max(100, { error: 'Nome da turma: no máximo 100 caracteres.' }),
    congregation_id: z.preprocess(emptyToNull, recordId('Informe a congregação.')),
    year: z
      .number({ error: 'Informe o ano.' })
      .int({ error: 'Informe o ano.' })
      .min(2000, { error: 'Ano inválido.' })
      .max(2100, { error: 'Ano inválido.' }),
    quarter: z
      .number({ error: 'Informe o trimestre (1 a 4).' })
      .int({ error: 'Informe o trimestre (1 a 4).' })
      .min(1, { error: 'Informe o trimestre (1 a 4).' })
      .max(4, { error: 'Informe o trimestre (1 a 4).' }),
    age_group: optionalText(60, 'Faixa etária').default(null),
    age_min: age('Idade mínima').default(null),
    age_max: age('Idade máxima').default(null),
    magazine: optionalText(200, 'Revista').default(null),
    teacher_ids: z
      .array(recordId('Professor inválido.'), { error: 'Professores inválidos.' })
      .max(MAX_TEACHERS, { error: `No máximo ${MAX_TEACHERS} professores.` })
      .default([])
      .transform((ids) => [...new Set(ids)]),
    active: z.boolean({ error: 'Ativa: use sim ou não.' }).default(true),
  })
  .refine(
    (input) => input.age_min === null || input.age_max === null || input.age_min <= input.age_max,
    {
      error: 'A idade máxima não pode ser menor que a mínima.',
      path: ['age_max'],
    },
  );
export type EbdClassInput = z.infer<typeof ebdClassSchema>;

/** An enrolment: a member or a visitor. */
export const enrolmentSchema = z
  .object({
    member_id: z.preprocess(emptyToNull, recordId('Membro inválido.').nullable()).default(null),
    visitor_id: z.preprocess(emptyToNull, recordId('Visitante inválido.').nullable()).default(null),
    /** From when the student counts (a day of the class's trimestre); default today. */
    enrolled_on: z
      .preprocess(
        emptyToNull,
        z.string().refine(isIsoDate, { error: INVALID_DATE_MESSAGE }).nullable(),
      )
      .default(null),
  })
  .refine((input) => (input.member_id === null) !== (input.visitor_id === null), {
    error: 'Informe um membro ou um visitante.',
    path: ['member_id'],
  });

/** Opening a class's chamada on a date (default: today). */
export const openRollCallSchema = z.object({
  date: z
    .preprocess(
      emptyToNull,
      z.string().refine(isIsoDate, { error: INVALID_DATE_MESSAGE }).nullable(),
    )
    .default(null),
});

const count = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .number({ error: `${label}: informe um número inteiro.` })
      .int({ error: `${label}: informe um número inteiro.` })
      .min(0, { error: `${label}: não pode ser negativo.` })
      .max(10_000, { error: `${label}: no máximo 10000.` })
      .nullable(),
  );

/**
 * The counts of a chamada beyond who is ticked present: visitors counted without a name, Bíblias
 * and revistas brought, the class's offering (centavos, exact). Each optional.
 */
export const rollCallCountsSchema = z.object({
  count_visitors: count('Visitantes').default(null),
  count_bibles: count('Bíblias').default(null),
  count_magazines: count('Revistas').default(null),
  offering_cents: offeringCents,
  notes: optionalText(1000, 'Observações').default(null),
});
export type RollCallCounts = z.infer<typeof rollCallCountsSchema>;

/** More Bíblias or revistas than people present, as the refusal says it; else null. */
export function moreThanPresent(value: number | null, people: number, what: string) {
  if (value === null || value <= people) return null;
  return `${what}: ${value} é mais do que as ${people} pessoas presentes (matriculados e visitantes).`;
}

/** The figures of one class on one Sunday; the summary adds them up. */
export interface EbdFigures {
  enrolled: number;
  present: number;
  absent: number;
  visitors: number;
  bibles: number;
  magazines: number;
  offering_cents: number;
}

export const emptyFigures = (): EbdFigures => ({
  enrolled: 0,
  present: 0,
  absent: 0,
  visitors: 0,
  bibles: 0,
  magazines: 0,
  offering_cents: 0,
});

export function addFigures(a: EbdFigures, b: EbdFigures): EbdFigures {
  return {
    enrolled: a.enrolled + b.enrolled,
    present: a.present + b.present,
    absent: a.absent + b.absent,
    visitors: a.visitors + b.visitors,
    bibles: a.bibles + b.bibles,
    magazines: a.magazines + b.magazines,
    offering_cents: a.offering_cents + b.offering_cents,
  };
}

export const DEFAULT_MIN_ATTENDANCE = 75;

/** The certificates' request: the minimum attendance, in percent. */
export const certificatesSchema = z.object({
  min_percent: z.preprocess(
    (value) => (value === undefined || value === '' ? DEFAULT_MIN_ATTENDANCE : Number(value)),
    z
      .number({ error: 'Frequência mínima: informe um número de 0 a 100.' })
      .int({ error: 'Frequência mínima: informe um número inteiro de 0 a 100.' })
      .min(0, { error: 'Frequência mínima: informe um número de 0 a 100.' })
      .max(100, { error: 'Frequência mínima: informe um número de 0 a 100.' }),
  ),
});

/** A student's attendance in percent, rounded down (74,9% does not pass 75%). */
export const attendancePercent = (present: number, sessions: number) =>
  sessions === 0 ? 0 : Math.floor((present * 100) / sessions);

/** The Sunday on or before a date: the EBD's day the summary opens on. */
export const sundayOf = (date: string) => addDays(date, -weekdayOf(date));
