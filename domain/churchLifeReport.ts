// What the pastor sees (issue 26, /relatorios/vida_da_igreja): one report of four sections over
// the attendance engine — attendance per culto month by month (the chart), visitors per month and
// how many became members, "quem sumiu" (members with presences before and none for N weeks),
// and attendance by gathering kind (cells and EBD classes appear as their kinds arrive).
import { GATHERING_KIND_LABELS } from './churchLife';

export const CHURCH_LIFE_SECTIONS = ['cultos', 'visitors', 'missing', 'kinds'] as const;
export type ChurchLifeSection = (typeof CHURCH_LIFE_SECTIONS)[number];
export const CHURCH_LIFE_SECTION_LABELS: Record<ChurchLifeSection, string> = {
  cultos: 'Presença por culto',
  visitors: 'Visitantes por mês',
  missing: 'Quem sumiu',
  kinds: 'Presença por tipo',
};

/**
 * The names of the report's columns, the same on the screen, in the CSV and in the PDF (and
 * outside the first script: only the report's screen and the server read them).
 */
export const CHURCH_LIFE_COLUMNS = {
  culto: 'Culto',
  kind: 'Tipo',
  month: 'Mês',
  member: 'Nome',
  congregation: 'Congregação',
  gatherings: 'Cultos',
  meetings: 'Reuniões',
  presences: 'Presenças',
  average: 'Média',
  visitors: 'Visitantes',
  converted: 'Tornaram-se membros',
  rate: 'Conversão',
  phone: 'Telefone',
  last_presence: 'Última presença',
  weeks_absent: 'Semanas sem vir',
} as const;
export type ChurchLifeColumn = keyof typeof CHURCH_LIFE_COLUMNS;

/** "Quem sumiu": weeks without a presence, by default and at most. */
export const DEFAULT_MISSING_WEEKS = 4;
export const MAX_MISSING_WEEKS = 52;

/** A gathering kind in words; a kind this build does not know yet, by its own name. */
export function gatheringKindLabel(kind: string): string {
  return (GATHERING_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

/** The share of `part` in `whole` as "25%" ("—" when there is no whole). */
export function percentText(part: number, whole: number): string {
  if (whole === 0) return '—';
  return `${Math.round((part / whole) * 100)}%`;
}
