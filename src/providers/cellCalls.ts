// The calls of the células (issue 26) beyond CRUD: a cell's people, its reports (one per day, set
// whole: a replay is harmless), the overdue reports, the multiplication and the levels' names.
import type { Identifier } from 'react-admin';
import { getJson, postJson, putJson } from './calls';

/** A person of a cell, as its líder reads them: name, photo, phone and birthday (MM-DD). */
export interface CellPerson {
  id: number;
  name: string;
  photoThumb: string | null;
  phone: string | null;
  birthday: string | null;
}

export interface CellReport {
  id: number;
  cellId: number;
  date: string;
  notes: string | null;
  countChildren: number | null;
  /** The offering taken, in centavos; once the treasury received it, it no longer changes. */
  offeringCents: number | null;
  offeringReceived: boolean;
  totals: { members: number; visitors: number; children: number; total: number };
  memberIds: number[];
  visitors: Array<{ id: number; name: string }>;
  created?: boolean;
}

export interface CellReportBody {
  date: string;
  memberIds: number[];
  countChildren: number | null;
  offeringCents: number | null;
  notes: string | null;
}

export interface CellMultiplyBody {
  name: string;
  leaderId: number | null;
  coLeaderId: number | null;
  hostAddress: string | null;
  memberIds: number[];
  bornOn: string;
}

const id = (value: Identifier) => encodeURIComponent(String(value));

export const cellCalls = {
  cellPeople: (cellId: Identifier) => getJson<CellPerson[]>(`cells/${id(cellId)}/members`),
  setCellMembers: (cellId: Identifier, memberIds: number[]) =>
    putJson<CellPerson[]>(`cells/${id(cellId)}/members`, { memberIds }),
  cellReports: (cellId: Identifier) => getJson<CellReport[]>(`cells/${id(cellId)}/reports`),
  saveCellReport: (cellId: Identifier, body: CellReportBody) =>
    postJson<CellReport>(`cells/${id(cellId)}/reports`, body),
  overdueCells: () => getJson<Array<{ id: number; path: string; dueOn: string }>>('cells/overdue'),
  multiplyCell: (cellId: Identifier, body: CellMultiplyBody) =>
    postJson<{ id: number }>(`cells/${id(cellId)}/multiply`, body),
  cellLevels: () => getJson<Array<{ id: string; name: string }>>('cell_levels'),
  renameCellLevel: (level: string, name: string) =>
    putJson<Array<{ id: string; name: string }>>(`cell_levels/${encodeURIComponent(level)}`, {
      name,
    }),
};
