// Células (issue 26): small groups in a tree per congregation — rede → setor → célula, the names
// of the levels the church's own (cell_levels) — with a leader and a co-leader (members), a host's
// address and a weekly meeting; the weekly report by the leader (a gathering of kind 'cell': its
// present people are the attendance engine's); the multiplication of a cell into a new one.
import { z } from 'zod';
import { INVALID_DATE_MESSAGE, isIsoDate } from './dates';
import { offeringCents } from './churchLife';
import { emptyToNull, optionalText, recordId } from './fields';

/** The levels of the tree, from the top: a rede holds setores, a setor holds células. */
export const CELL_LEVELS = ['network', 'sector', 'cell'] as const;
export type CellLevel = (typeof CELL_LEVELS)[number];
/** The names a church starts with (it may rename them). */
export const DEFAULT_CELL_LEVEL_NAMES: Record<CellLevel, string> = {
  network: 'Rede',
  sector: 'Setor',
  cell: 'Célula',
};

/** The level a parent of `level` is at (null: the top has none). */
export function parentLevel(level: CellLevel): CellLevel | null {
  const index = CELL_LEVELS.indexOf(level);
  return index > 0 ? CELL_LEVELS[index - 1] : null;
}

/** The day a cell meeting on `weekday` (0 = Sunday) last met before `today` (ISO dates). */
export function meetingDayBefore(weekday: number, today: string): string {
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() - weekday + 7) % 7 || 7));
  return day.toISOString().slice(0, 10);
}

/** The day of a cell's latest meeting up to `today`, today included (the report to fill in). */
export function latestMeetingDay(weekday: number, today: string): string {
  const day = new Date(`${today}T12:00:00Z`);
  return day.getUTCDay() === weekday ? today : meetingDayBefore(weekday, today);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const optionalId = (message: string) =>
  z.preprocess(emptyToNull, recordId(message).nullable()).default(null);

const name = z
  .string({ error: 'Informe o nome.' })
  .trim()
  .min(1, { error: 'Informe o nome.' })
  .max(100, { error: 'Nome: no máximo 100 caracteres.' });

/** A node of the tree, as the staff's form writes it. */
export const cellSchema = z
  .object({
    name,
    congregation_id: z.preprocess(emptyToNull, recordId('Informe a congregação.')),
    level: z
      .enum(CELL_LEVELS, { error: 'Escolha o nível: rede, setor ou célula.' })
      .default('cell'),
    parent_id: optionalId('Nível acima inválido.'),
    leader_id: optionalId('Líder inválido.'),
    co_leader_id: optionalId('Colíder inválido.'),
    host_address: optionalText(300, 'Endereço do anfitrião').default(null),
    weekday: z
      .preprocess(
        emptyToNull,
        z
          .number({ error: 'Informe o dia da semana.' })
          .int({ error: 'Informe o dia da semana.' })
          .min(0, { error: 'Informe o dia da semana.' })
          .max(6, { error: 'Informe o dia da semana.' })
          .nullable(),
      )
      .default(null),
    time: z
      .preprocess(
        emptyToNull,
        z
          .string({ error: 'Horário inválido: use HH:MM.' })
          .regex(TIME, { error: 'Horário inválido: use HH:MM.' })
          .nullable(),
      )
      .default(null),
    active: z.boolean({ error: 'Ativa: use sim ou não.' }).default(true),
  })
  .refine((cell) => cell.co_leader_id === null || cell.co_leader_id !== cell.leader_id, {
    error: 'O colíder não pode ser o próprio líder.',
    path: ['co_leader_id'],
  });
export type CellInput = z.infer<typeof cellSchema>;

/**
 * The keys of a person of a cell, as the cell's líder reads them (LGPD necessity): who they are
 * and how to reach them on their birthday — never a CPF, an address, notes or giving.
 */
export const CELL_PERSON_KEYS = ['id', 'name', 'photo_thumb', 'phone', 'birthday'] as const;

/** The most members a cell's membership change or report may list at once. */
export const MAX_CELL_PEOPLE = 500;

const memberIds = (message: string) =>
  z
    .array(recordId(message), { error: message })
    .max(MAX_CELL_PEOPLE, { error: `No máximo ${MAX_CELL_PEOPLE} pessoas.` })
    .transform((ids) => [...new Set(ids)]);

/** A cell's members, replaced as a whole by the staff. */
export const cellMembersSchema = z.object({
  member_ids: memberIds('Membro inválido.'),
});

/**
 * The weekly report of a cell, by its leader on a phone: the day, who of the cell's members came
 * (the visitors are checked in by the quick-add), the children, notes. One per cell and day:
 * sending it again (a replay from the phone's queue, or a correction) sets the same report.
 */
export const cellReportSchema = z.object({
  date: z.preprocess(
    emptyToNull,
    z.string({ error: 'Informe a data.' }).refine(isIsoDate, { error: INVALID_DATE_MESSAGE }),
  ),
  member_ids: memberIds('Membro presente inválido.').default([]),
  count_children: z
    .preprocess(
      emptyToNull,
      z
        .number({ error: 'Crianças: informe um número inteiro.' })
        .int({ error: 'Crianças: informe um número inteiro.' })
        .min(0, { error: 'Crianças: não pode ser negativo.' })
        .max(1000, { error: 'Crianças: no máximo 1000.' })
        .nullable(),
    )
    .default(null),
  offering_cents: offeringCents,
  notes: optionalText(1000, 'Observações').default(null),
});
export type CellReportInput = z.infer<typeof cellReportSchema>;

/** A new cell born of one: its name, leaders, and which of the mother's members go with it. */
export const cellMultiplySchema = z
  .object({
    name,
    leader_id: optionalId('Líder inválido.'),
    co_leader_id: optionalId('Colíder inválido.'),
    host_address: optionalText(300, 'Endereço do anfitrião').default(null),
    member_ids: memberIds('Membro inválido.').default([]),
    born_on: z.preprocess(
      emptyToNull,
      z
        .string({ error: 'Informe a data da multiplicação.' })
        .refine(isIsoDate, { error: INVALID_DATE_MESSAGE }),
    ),
  })
  .refine((cell) => cell.co_leader_id === null || cell.co_leader_id !== cell.leader_id, {
    error: 'O colíder não pode ser o próprio líder.',
    path: ['co_leader_id'],
  });
export type CellMultiplyInput = z.infer<typeof cellMultiplySchema>;

/** A level's name, as the church calls it. */
export const cellLevelSchema = z.object({ name });
