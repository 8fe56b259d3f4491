import type { RaRecord } from 'react-admin';

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
