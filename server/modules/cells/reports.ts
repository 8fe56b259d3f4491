// The relatório de célula (issue 26): a cell's meeting is a gathering of kind 'cell', one per cell
// and day, and whoever of its members came are attendances of the one engine (the visitors are
// checked in by the quick-add, as at a culto). Sending a report again sets the same one — a replay
// from a phone's queue changes nothing, a correction changes what it corrects — and never makes a
// second gathering: the unique (cell, date) index answers two phones with one.
import type { Kysely } from 'kysely';
import { type CellReportInput, cellReportSchema, meetingDayBefore } from '../../../domain/cells.js';
import { todayIso } from '../../../domain/dates.js';
import type { Cell, Database } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { isUniqueViolation } from '../../db/counters.js';
import type { Assigned } from '../../http/assignments.js';
import { type Scope, inScope } from '../../http/scope.js';
import { type Actor, audit } from '../../audit/trail.js';
import { invalid, notFound, validated } from '../../plugins/errors.js';
import {
  checkInPerson,
  insertGathering,
  loadGathering,
  setGathering,
} from '../churchLife/index.js';
import { cellMemberIds, reachableCell } from './people.js';
import { cellsToApi } from './tree.js';

export const REPORT_NOT_FOUND = 'Relatório não encontrado.';

async function reportOf(db: Executor, cellId: number, date: string) {
  return db
    .selectFrom('gatherings')
    .select(['id', 'notes', 'count_children', 'offering_cents'])
    .where('cell_id', '=', cellId)
    .where('date', '=', date)
    .executeTakeFirst();
}

/** A report as the phone reads it: the gathering's figures, who came (members and visitors). */
async function reportRecord(db: Kysely<Database>, id: number) {
  const [gathering, people] = await Promise.all([
    loadGathering(db, id),
    db
      .selectFrom('attendances')
      .leftJoin('members', 'members.id', 'attendances.member_id')
      .leftJoin('visitors', 'visitors.id', 'attendances.visitor_id')
      .select([
        'attendances.member_id',
        'attendances.visitor_id',
        (eb) => eb.fn.coalesce('members.name', 'visitors.name').as('name'),
      ])
      .where('attendances.gathering_id', '=', id)
      .orderBy('attendances.id')
      .execute(),
  ]);
  return {
    id: gathering.id,
    cell_id: gathering.cell_id,
    date: gathering.date,
    notes: gathering.notes,
    count_children: gathering.count_children,
    offering_cents: gathering.offering_cents,
    /** The treasury received the offering: its amount no longer changes. */
    offering_received: gathering.offering_income_id !== null,
    totals: gathering.totals,
    member_ids: people.flatMap((row) => (row.member_id === null ? [] : [row.member_id])),
    visitors: people.flatMap((row) =>
      row.visitor_id === null ? [] : [{ id: row.visitor_id, name: row.name ?? '' }],
    ),
  };
}

/** Who may be marked present: the cell's members, and those already in this report (moved since). */
async function assertPresentMembers(
  db: Executor,
  cellId: number,
  wanted: readonly number[],
  already: readonly number[],
) {
  const members = new Set([...(await cellMemberIds(db, cellId)), ...already]);
  if (wanted.some((id) => !members.has(id))) {
    throw invalid({ member_ids: 'Marque presentes apenas membros desta célula.' });
  }
}

async function writeReport(
  trx: Executor,
  cell: Cell,
  input: CellReportInput,
  actor: Actor,
): Promise<{ id: number; created: boolean }> {
  const stored = await reportOf(trx, cell.id, input.date);
  let id: number;
  if (stored) {
    id = stored.id;
    await setGathering(
      trx,
      id,
      {
        notes: stored.notes,
        count_children: stored.count_children,
        offering_cents: stored.offering_cents,
      },
      {
        notes: input.notes,
        count_children: input.count_children,
        offering_cents: input.offering_cents,
      },
      actor,
    );
  } else {
    id = await insertGathering(
      trx,
      {
        kind: 'cell',
        cell_id: cell.id,
        congregation_id: cell.congregation_id,
        worship_service_id: null,
        name: cell.name,
        date: input.date,
        time: cell.time,
        notes: input.notes,
        count_children: input.count_children,
        offering_cents: input.offering_cents,
      },
      actor,
    );
  }
  const present = await trx
    .selectFrom('attendances')
    .innerJoin('members', 'members.id', 'attendances.member_id')
    .select(['attendances.id', 'attendances.member_id', 'members.name'])
    .where('attendances.gathering_id', '=', id)
    .execute();
  const had = present.map((row) => row.member_id!);
  await assertPresentMembers(trx, cell.id, input.member_ids, had);
  const names = new Map(
    (
      await trx
        .selectFrom('members')
        .select(['id', 'name'])
        .where('id', 'in', input.member_ids.length > 0 ? input.member_ids : [0])
        .execute()
    ).map((row) => [row.id, row.name]),
  );
  for (const memberId of input.member_ids.filter((member) => !had.includes(member))) {
    const person = {
      member_id: memberId,
      visitor_id: null,
      method: 'name' as const,
      name: names.get(memberId) ?? '',
    };
    await checkInPerson(trx, id, person, null, actor);
  }
  for (const row of present.filter((row) => !input.member_ids.includes(row.member_id!))) {
    await trx.deleteFrom('attendances').where('id', '=', row.id).execute();
    await audit(trx, actor, {
      action: 'delete',
      resource: 'attendances',
      record_id: row.id,
      member_id: row.member_id,
      before: { gathering_id: id, member_id: row.member_id, name: row.name },
    });
  }
  return { id, created: !stored };
}

/**
 * POST /api/cells/:id/reports: the report of a day, set whole (created, or corrected). A rede or
 * setor does not meet; a day to come is not reported.
 */
export async function saveReport(
  db: Kysely<Database>,
  cellId: number,
  body: unknown,
  actor: Actor,
  assigned: Assigned,
) {
  const cell = await reachableCell(db, cellId, actor.rights, assigned, true);
  const input = validated(cellReportSchema, body ?? {});
  if (cell.level !== 'cell') {
    throw invalid({ date: 'Redes e setores não têm relatório: cada célula envia o seu.' });
  }
  if (input.date > todayIso()) {
    throw invalid({ date: 'A data do relatório não pode ser futura.' });
  }
  const write = () => db.transaction().execute((trx) => writeReport(trx, cell, input, actor));
  let result: { id: number; created: boolean };
  try {
    result = await write();
  } catch (error) {
    // Two phones sent the first report of the day at once: the loser sets the winner's.
    if (!isUniqueViolation(error)) throw error;
    result = { ...(await write()), created: false };
  }
  return { ...(await reportRecord(db, result.id)), created: result.created };
}

/** GET /api/cells/:id/reports: the cell's reports, newest first (the last 100). */
export async function listReports(
  db: Kysely<Database>,
  cellId: number,
  rights: Scope,
  assigned: Assigned,
) {
  await reachableCell(db, cellId, rights, assigned);
  const rows = await db
    .selectFrom('gatherings')
    .select('id')
    .where('cell_id', '=', cellId)
    .orderBy('date', 'desc')
    .limit(100)
    .execute();
  return Promise.all(rows.map((row) => reportRecord(db, row.id)));
}

/** GET /api/cells/:id/reports/:date: one day's report (404 when none was sent). */
export async function loadReport(
  db: Kysely<Database>,
  cellId: number,
  date: string,
  rights: Scope,
  assigned: Assigned,
) {
  await reachableCell(db, cellId, rights, assigned);
  const row = await reportOf(db, cellId, date);
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return reportRecord(db, row.id);
}

/** The day `days` before an ISO date. */
function daysBefore(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/**
 * GET /api/cells/overdue: the active cells of the view (a supervisor's: those he serves) that
 * sent no report for their last meeting day — none dated in the week that ends on it. A cell born
 * after that day owes none yet.
 */
export async function overdueCells(db: Kysely<Database>, view: Scope, assigned: Assigned) {
  const today = todayIso();
  let query = inScope(db.selectFrom('cells').selectAll(), 'cells.congregation_id', view)
    .where('level', '=', 'cell')
    .where('active', '=', true)
    .where('weekday', 'is not', null);
  if (assigned !== null) query = query.where('id', 'in', assigned.length > 0 ? assigned : [0]);
  const cells = await query.execute();
  if (cells.length === 0) return [];
  const reports = await db
    .selectFrom('gatherings')
    .select(['cell_id', 'date'])
    .where(
      'cell_id',
      'in',
      cells.map((cell) => cell.id),
    )
    .where('date', '>=', daysBefore(today, 14))
    .execute();
  const overdue = cells.flatMap((cell) => {
    const due = meetingDayBefore(cell.weekday!, today);
    if (cell.born_on !== null && cell.born_on > due) return [];
    if (cell.created_at.slice(0, 10) > due) return [];
    const from = daysBefore(due, 6);
    const sent = reports.some(
      (report) => report.cell_id === cell.id && report.date >= from && report.date <= today,
    );
    return sent ? [] : [{ cell, due }];
  });
  const records = await cellsToApi(
    db,
    overdue.map(({ cell }) => cell),
  );
  return records
    .map((record, index) => ({ ...record, due_on: overdue[index].due }))
    .sort((a, b) => a.path.localeCompare(b.path, 'pt-BR'));
}
