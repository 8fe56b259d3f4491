// The cells' tree (/igreja/celulas): a small table per congregation through the shared
// small-table routes, a líder narrowed to the cells he serves (domain/assignments.ts). Each node
// is read with its place in the tree (the path of names from its rede), its leaders' names, its
// level's name as the church calls it, its members and its last report.
import type { Kysely } from 'kysely';
import { CELL_LEVELS, type CellLevel, cellSchema, parentLevel } from '../../../domain/cells.js';
import { WEEKDAY_LABELS } from '../../../domain/churchLife.js';
import type { Cell, Database } from '../../db/schema.js';
import type { SmallTableDefinition } from '../../http/smallTable.js';
import { conflict, invalid } from '../../plugins/errors.js';
import { assertActiveCongregation, congregationNames } from '../members/index.js';

export const CELL_NOT_FOUND = 'Célula não encontrada.';

/** The church's names of the levels (rede, setor, célula unless renamed). */
export async function levelNames(db: Kysely<Database>): Promise<Record<CellLevel, string>> {
  const rows = await db.selectFrom('cell_levels').select(['level', 'name']).execute();
  const names = new Map(rows.map((row) => [row.level, row.name]));
  return Object.fromEntries(
    CELL_LEVELS.map((level) => [level, names.get(level) ?? level]),
  ) as Record<CellLevel, string>;
}

async function memberNames(db: Kysely<Database>, ids: number[]) {
  const rows = await db
    .selectFrom('members')
    .select(['id', 'name'])
    .where('id', 'in', ids.length > 0 ? [...new Set(ids)] : [0])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The nodes as the API answers them, each with its path of names from the top of its tree. */
export async function cellsToApi(db: Kysely<Database>, rows: Cell[]) {
  const ids = rows.map((row) => row.id);
  const [nodes, congregations, levels, people, counts, reports] = await Promise.all([
    db.selectFrom('cells').select(['id', 'parent_id', 'name']).execute(),
    congregationNames(
      db,
      rows.map((row) => row.congregation_id),
    ),
    levelNames(db),
    memberNames(
      db,
      rows.flatMap((row) => [row.leader_id ?? [], row.co_leader_id ?? []].flat()),
    ),
    db
      .selectFrom('cell_members')
      .select(['cell_id', (eb) => eb.fn.countAll<number | string>().as('members')])
      .where('cell_id', 'in', ids.length > 0 ? ids : [0])
      .groupBy('cell_id')
      .execute(),
    db
      .selectFrom('gatherings')
      .select(['cell_id', (eb) => eb.fn.max('date').as('last_report_on')])
      .where('cell_id', 'in', ids.length > 0 ? ids : [0])
      .groupBy('cell_id')
      .execute(),
  ]);
  const node = new Map(nodes.map((row) => [row.id, row]));
  const pathOf = (id: number) => {
    const names: string[] = [];
    for (let at = node.get(id); at && names.length < CELL_LEVELS.length;) {
      names.unshift(at.name);
      at = at.parent_id === null ? undefined : node.get(at.parent_id);
    }
    return names.join(' › ');
  };
  const memberCount = new Map(counts.map((row) => [row.cell_id, Number(row.members)]));
  const lastReport = new Map(reports.map((row) => [row.cell_id, row.last_report_on]));
  return rows.map((row) => ({
    ...row,
    active: Boolean(row.active),
    level_name: levels[row.level as CellLevel] ?? row.level,
    path: pathOf(row.id),
    parent_name: row.parent_id === null ? null : (node.get(row.parent_id)?.name ?? null),
    origin_name: row.origin_id === null ? null : (node.get(row.origin_id)?.name ?? null),
    congregation_name: congregations.get(row.congregation_id) ?? '',
    leader_name: row.leader_id === null ? null : (people.get(row.leader_id) ?? null),
    co_leader_name: row.co_leader_id === null ? null : (people.get(row.co_leader_id) ?? null),
    weekday_name: row.weekday === null ? null : (WEEKDAY_LABELS[row.weekday] ?? null),
    member_count: memberCount.get(row.id) ?? 0,
    last_report_on: (lastReport.get(row.id) as string | null | undefined) ?? null,
  }));
}

/** A leader or co-leader: a member of the church who is not waiting for review. */
export async function assertLeader(db: Kysely<Database>, id: number | null, field: string) {
  if (id === null) return;
  const member = await db
    .selectFrom('members')
    .select('id')
    .where('id', '=', id)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
  if (!member) throw invalid({ [field]: 'Membro não encontrado: escolha entre os cadastrados.' });
}

/** The parent a node of `level` may have: one level up, in the same congregation. */
async function assertParent(
  db: Kysely<Database>,
  input: { level: CellLevel; parent_id: number | null; congregation_id: number },
) {
  const wanted = parentLevel(input.level);
  if (input.parent_id === null) return;
  const parent = await db
    .selectFrom('cells')
    .select(['level', 'congregation_id'])
    .where('id', '=', input.parent_id)
    .executeTakeFirst();
  if (!parent || parent.congregation_id !== input.congregation_id) {
    throw invalid({ parent_id: 'Nível acima não encontrado nesta congregação.' });
  }
  if (parent.level !== wanted) {
    const names = await levelNames(db);
    throw invalid({
      parent_id:
        wanted === null
          ? `Uma ${names.network.toLowerCase()} fica no topo: não tem nível acima.`
          : `Escolha, como nível acima, um(a) ${names[wanted].toLowerCase()}.`,
    });
  }
}

export const cellsTable: SmallTableDefinition<'cells', typeof cellSchema> = {
  api: 'cells',
  table: 'cells',
  schema: cellSchema,
  notFound: CELL_NOT_FOUND,
  sortable: ['id', 'name', 'path', 'level', 'weekday', 'congregation_name', 'last_report_on'],
  defaultSort: { field: 'path', order: 'asc' },
  searchable: (record) =>
    `${String(record.path)} ${String(record.leader_name ?? '')} ${String(record.co_leader_name ?? '')}`,
  filters: {
    level: (record, value) => record.level === value,
    parent_id: (record, value) => record.parent_id === Number(value),
    active: (record, value) => record.active === (value === true || value === 'true'),
  },
  scope: { column: 'congregation_id' },
  assigned: 'cell',
  toApi: (rows, db) => cellsToApi(db, rows),
  async columns(cell, db, id) {
    const stored = id
      ? await db.selectFrom('cells').selectAll().where('id', '=', id).executeTakeFirst()
      : undefined;
    if (cell.congregation_id !== stored?.congregation_id) {
      await assertActiveCongregation(db, cell.congregation_id);
    }
    if (
      stored &&
      (cell.level !== stored.level || cell.congregation_id !== stored.congregation_id)
    ) {
      const child = await db
        .selectFrom('cells')
        .select('id')
        .where('parent_id', '=', stored.id)
        .limit(1)
        .executeTakeFirst();
      if (child) {
        throw invalid({
          level: 'Este nível tem outros abaixo dele: o nível e a congregação não mudam.',
        });
      }
    }
    await assertParent(db, cell);
    await assertLeader(db, cell.leader_id, 'leader_id');
    await assertLeader(db, cell.co_leader_id, 'co_leader_id');
    const now = new Date().toISOString();
    return {
      ...cell,
      origin_id: stored?.origin_id ?? null,
      born_on: stored?.born_on ?? null,
      created_at: stored?.created_at ?? now,
      updated_at: now,
    };
  },
  async assertDeletable(db, id) {
    const [child, report] = await Promise.all([
      db.selectFrom('cells').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst(),
      db
        .selectFrom('gatherings')
        .select('id')
        .where('cell_id', '=', id)
        .limit(1)
        .executeTakeFirst(),
    ]);
    if (child) throw conflict('Há outros níveis abaixo deste: exclua-os ou mova-os antes.');
    const daughter = await db
      .selectFrom('cells')
      .select('id')
      .where('origin_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (report || daughter) {
      throw conflict(
        'Esta célula tem história (relatórios ou células nascidas dela): não pode ser excluída. Para deixar de usá-la, desative-a.',
      );
    }
  },
};
