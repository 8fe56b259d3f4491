// The member's columns as a projection of the milestones (issue 28): the milestones are the
// truth; baptism_date, holy_spirit_baptism, admission_* and consecration_date follow them in the
// same transaction, since lists, filters, credentials, the import and the reports read those
// columns. The other way round, a write of the columns (the member form, the import, a
// self-registration) goes through here and becomes milestones, so both always agree.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database, MemberMilestone } from './schema.js';
import { type Actor, type AuditEntry, auditMany } from '../audit/trail.js';
import { conflict } from '../plugins/errors.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The columns the milestones project. */
export interface ProjectedColumns {
  baptism_date: string | null;
  holy_spirit_baptism: boolean;
  admission_date: string | null;
  admission_type: string | null;
  origin_church: string | null;
  consecration_date: string | null;
}

type Projected = Pick<MemberMilestone, 'id' | 'kind' | 'date' | 'admission_type' | 'origin_church'>;

/** Newest first; an undated one after the dated ones, the later recorded first. */
const newestFirst = (a: Projected, b: Projected) =>
  a.date === b.date
    ? b.id - a.id
    : a.date === null
      ? 1
      : b.date === null
        ? -1
        : b.date.localeCompare(a.date);

/**
 * Which milestone stands for each column: the first water baptism (a person is baptized once; a
 * second one does not move the date), the latest reception (a member who left and came back) and
 * the latest consecration.
 */
function standing(milestones: Projected[]) {
  const of = (kind: string) => milestones.filter((m) => m.kind === kind).sort(newestFirst);
  const baptisms = of('water_baptism').filter((m) => m.date !== null);
  return {
    baptism: baptisms.at(-1),
    holySpirit: of('holy_spirit_baptism'),
    reception: of('reception')[0],
    consecration: of('consecration').find((m) => m.date !== null),
  };
}

export function projectionOf(milestones: Projected[]): ProjectedColumns {
  const { baptism, holySpirit, reception, consecration } = standing(milestones);
  return {
    baptism_date: baptism?.date ?? null,
    holy_spirit_baptism: holySpirit.length > 0,
    admission_date: reception?.date ?? null,
    admission_type: reception?.admission_type ?? null,
    origin_church: reception?.origin_church ?? null,
    consecration_date: consecration?.date ?? null,
  };
}

async function projectedMilestones(db: Db, memberId: number): Promise<Projected[]> {
  return db
    .selectFrom('member_milestones')
    .select(['id', 'kind', 'date', 'admission_type', 'origin_church'])
    .where('member_id', '=', memberId)
    .where('kind', 'in', ['water_baptism', 'holy_spirit_baptism', 'reception', 'consecration'])
    .execute();
}

/** Writes the member's columns from the milestones (after a milestone was written). */
export async function projectMilestones(
  trx: Transaction<Database>,
  memberId: number,
): Promise<ProjectedColumns> {
  const columns = projectionOf(await projectedMilestones(trx, memberId));
  await trx.updateTable('members').set(columns).where('id', '=', memberId).execute();
  return columns;
}

/** Members per statement: well under SQLite's bound-values limit. */
const IDS_PER_STATEMENT = 1000;

/**
 * New members' milestones from their columns (a created member, an import's new rows, a
 * self-registration): one statement per kind, as migration 0050 moved the existing ones.
 */
export async function milestonesFromColumns(
  trx: Transaction<Database>,
  memberIds: number[],
  actor: Actor,
): Promise<void> {
  const now = new Date().toISOString();
  const stamp = [
    sql<number | null>`${actor.user_id}`.as('created_by'),
    sql<string>`${now}`.as('created_at'),
    sql<string>`${now}`.as('updated_at'),
  ];
  for (let start = 0; start < memberIds.length; start += IDS_PER_STATEMENT) {
    const ids = memberIds.slice(start, start + IDS_PER_STATEMENT);
    const members = trx.selectFrom('members').where('id', 'in', ids);
    const moves = [
      members
        .where('baptism_date', 'is not', null)
        .select((eb) => [
          'id as member_id',
          eb.val('water_baptism').as('kind'),
          'baptism_date as date',
          eb.val(null).as('admission_type'),
          eb.val(null).as('origin_church'),
          eb.val(null).as('position_id'),
          ...stamp,
        ]),
      members
        .where('holy_spirit_baptism', '=', true)
        .select((eb) => [
          'id as member_id',
          eb.val('holy_spirit_baptism').as('kind'),
          eb.val(null).as('date'),
          eb.val(null).as('admission_type'),
          eb.val(null).as('origin_church'),
          eb.val(null).as('position_id'),
          ...stamp,
        ]),
      members
        .where((eb) =>
          eb.or([
            eb('admission_date', 'is not', null),
            eb('admission_type', 'is not', null),
            eb('origin_church', 'is not', null),
          ]),
        )
        .select((eb) => [
          'id as member_id',
          eb.val('reception').as('kind'),
          'admission_date as date',
          'admission_type',
          'origin_church',
          eb.val(null).as('position_id'),
          ...stamp,
        ]),
      members
        .where('consecration_date', 'is not', null)
        .select((eb) => [
          'id as member_id',
          eb.val('consecration').as('kind'),
          'consecration_date as date',
          eb.val(null).as('admission_type'),
          eb.val(null).as('origin_church'),
          'position_id',
          ...stamp,
        ]),
    ];
    for (const move of moves) {
      await trx
        .insertInto('member_milestones')
        .columns([
          'member_id',
          'kind',
          'date',
          'admission_type',
          'origin_church',
          'position_id',
          'created_by',
          'created_at',
          'updated_at',
        ])
        // The four selects differ only in their columns' literal types.
        .expression(move as never)
        .execute();
    }
  }
}

const CERTIFIED =
  'Este marco tem certificado emitido e não pode ser apagado: o número do certificado aponta para ele. Corrija a data no marco, na linha do tempo do membro.';

/** 409 while a certificate attests the milestone. */
export async function ensureUncertified(db: Db, milestoneId: number) {
  const certificate = await db
    .selectFrom('certificates')
    .select('id')
    .where('milestone_id', '=', milestoneId)
    .limit(1)
    .executeTakeFirst();
  if (certificate) throw conflict(CERTIFIED);
}

/**
 * A member's columns written by a form (member form, import, review) become milestones: each
 * column that differs from its milestones' projection changes the milestone standing for it
 * (adds one, moves its date, removes it), audited as a change of that milestone. Then the columns
 * are written back from the milestones, so the two agree even where several milestones exist.
 */
/** The member's columns adoption reads: the projected ones and the position (a consecration's). */
export type AdoptedColumns = {
  [C in keyof Omit<ProjectedColumns, 'holy_spirit_baptism'>]?: ProjectedColumns[C] | undefined;
} & { holy_spirit_baptism?: boolean | number; position_id?: number | null };

const PROJECTED_COLUMNS = [
  'baptism_date',
  'holy_spirit_baptism',
  'admission_date',
  'admission_type',
  'origin_church',
  'consecration_date',
] as const;

/** Whether a write changed a projected column (the flag compared as a boolean on both databases). */
export function projectedColumnsChanged(before: AdoptedColumns, after: AdoptedColumns): boolean {
  return PROJECTED_COLUMNS.some((column) =>
    column === 'holy_spirit_baptism'
      ? Boolean(before[column]) !== Boolean(after[column])
      : (before[column] ?? null) !== (after[column] ?? null),
  );
}

export async function adoptMemberColumns(
  trx: Transaction<Database>,
  memberId: number,
  actor: Actor,
  written?: AdoptedColumns,
): Promise<void> {
  const source =
    written ??
    (await trx
      .selectFrom('members')
      .select([...PROJECTED_COLUMNS, 'position_id'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow());
  const member = {
    baptism_date: source.baptism_date ?? null,
    holy_spirit_baptism: Boolean(source.holy_spirit_baptism),
    admission_date: source.admission_date ?? null,
    admission_type: source.admission_type ?? null,
    origin_church: source.origin_church ?? null,
    consecration_date: source.consecration_date ?? null,
    position_id: source.position_id ?? null,
  };
  const milestones = await projectedMilestones(trx, memberId);
  const now = new Date().toISOString();
  const entries: AuditEntry[] = [];
  const entry = (action: 'create' | 'update' | 'delete', id: number, changes: object) =>
    entries.push({
      action,
      resource: 'milestones',
      record_id: id,
      member_id: memberId,
      ...(action === 'delete' ? { before: changes } : { after: changes }),
    });
  const insert = async (values: Record<string, unknown>) => {
    const { id } = await trx
      .insertInto('member_milestones')
      .values({
        member_id: memberId,
        kind: values.kind as string,
        ...values,
        created_by: actor.user_id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    entry('create', id, values);
  };
  const update = async (id: number, values: Record<string, unknown>) => {
    await trx
      .updateTable('member_milestones')
      .set({ ...values, updated_at: now })
      .where('id', '=', id)
      .execute();
    entry('update', id, values);
  };
  const remove = async (milestone: Projected) => {
    await ensureUncertified(trx, milestone.id);
    await trx.deleteFrom('member_milestones').where('id', '=', milestone.id).execute();
    entry('delete', milestone.id, milestone);
  };

  const current = projectionOf(milestones);
  const { baptism, holySpirit, reception, consecration } = standing(milestones);
  if (member.baptism_date !== current.baptism_date) {
    if (member.baptism_date === null) await remove(baptism!);
    else if (baptism) await update(baptism.id, { date: member.baptism_date });
    else await insert({ kind: 'water_baptism', date: member.baptism_date });
  }
  if (member.holy_spirit_baptism !== current.holy_spirit_baptism) {
    if (member.holy_spirit_baptism) await insert({ kind: 'holy_spirit_baptism', date: null });
    else for (const milestone of holySpirit) await remove(milestone);
  }
  const admission = {
    date: member.admission_date,
    admission_type: member.admission_type,
    origin_church: member.origin_church,
  };
  if (
    admission.date !== current.admission_date ||
    admission.admission_type !== current.admission_type ||
    admission.origin_church !== current.origin_church
  ) {
    const empty = Object.values(admission).every((value) => value === null);
    if (empty) await remove(reception!);
    else if (reception) await update(reception.id, admission);
    else await insert({ kind: 'reception', ...admission });
  }
  if (member.consecration_date !== current.consecration_date) {
    if (member.consecration_date === null) await remove(consecration!);
    else if (consecration) await update(consecration.id, { date: member.consecration_date });
    else
      await insert({
        kind: 'consecration',
        date: member.consecration_date,
        position_id: member.position_id,
      });
  }
  if (entries.length === 0) return;
  await auditMany(trx, actor, entries);
  await projectMilestones(trx, memberId);
}
