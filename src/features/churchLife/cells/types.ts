import type { RaRecord, TranslateFunction } from 'react-admin';

/** A node of the cells' tree: a rede, a setor or a célula (domain/cells.ts). */
export interface Cell extends RaRecord {
  name: string;
  path: string;
  level: 'network' | 'sector' | 'cell';
  levelName: string;
  parentId: number | null;
  congregationId: number;
  congregationName: string;
  leaderId: number | null;
  leaderName: string | null;
  coLeaderId: number | null;
  coLeaderName: string | null;
  hostAddress: string | null;
  weekday: number | null;
  weekdayName: string | null;
  time: string | null;
  active: boolean;
  originId: number | null;
  originName: string | null;
  bornOn: string | null;
  memberCount: number;
  lastReportOn: string | null;
}

export const CELLS = 'igreja/celulas';
/** resources.igreja/celulas.* */
export const T = `resources.${CELLS}`;

/** A report's head counts in words: "1 membro · 2 visitantes · 0 crianças". */
export function totalsText(
  translate: TranslateFunction,
  totals: { members: number; visitors: number; children: number },
): string {
  return (
    [
      ['members_count', totals.members],
      ['visitors_count', totals.visitors],
      ['children_count', totals.children],
    ] as const
  )
    .map(([key, count]) => translate(`${T}.${key}`, { smart_count: count }))
    .join(' · ');
}
