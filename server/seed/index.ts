// `npm run adam -- seed --members N`: fills the configured database (SQLite or PostgreSQL)
// with a realistic Brazilian congregation for development and the benchmark. The members'
// references come first (members/references.ts), then members from one generator
// (members/generator.ts) in batches through a bulk writer per dialect; the finance seed is
// finance/index.ts.
import { fakerPT_BR } from '@faker-js/faker';
import { todayIso } from '../../domain/dates.js';
import type { AppDatabase } from '../db/index.js';
import type { NewMember } from '../db/schema.js';
import { type CongregationPlan, seedCongregations, seededRandom } from './congregations.js';
import { DEPARTMENTS } from './lists/church.js';
import { DEFAULT_CHURCH_NAME } from '../../domain/setup.js';
import { searchText } from '../../domain/search.js';
import { MemberGenerator } from './members/generator.js';
import { postgresWriter } from './members/postgresWriter.js';
import { prepareContext } from './members/references.js';
import { SeedRefused, resetMembers } from './members/reset.js';
import { sqliteWriter } from './members/sqliteWriter.js';
import { memberRow } from './members/writer.js';

export { SeedRefused };

export interface SeedOptions {
  members: number;
  /**
   * Congregations in all, the sede included (seed/congregations.ts): the members spread over
   * them with a big sede and a long tail. Absent: the congregations stay as they are and every
   * member goes to the sede.
   */
  congregations?: number;
  /**
   * Deletes every member, department, custom field, credential and letter first; otherwise
   * refuses when members exist.
   */
  reset?: boolean;
  /** faker's seed: the same number gives the same congregation. */
  seed?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface SeedResult {
  members: number;
  congregations: number;
  /** The congregations seeded with their shares (for the finance, seed/finance/congregations.ts). */
  plan: CongregationPlan | null;
  memberships: number;
  departments: number;
  customFields: number;
  elapsedMs: number;
}

const BATCH = 5000;

const number = (value: number) => value.toLocaleString('pt-BR');

/** Fills the database; see SeedOptions. */
/**
 * A demo church's settings, so its credentials and letters can be issued (they need a name, a
 * pastor and a city): only where the church still has the new installation's blanks.
 */
async function fillDemoChurch(db: AppDatabase['db']) {
  const name = 'Igreja Evangélica Esperança';
  // The sede was named after the church when it was still "Minha Igreja".
  await db
    .updateTable('congregations')
    .set({ name: `${name} – Sede`, search: searchText(`${name} – Sede`) })
    .where('kind', '=', 'sede')
    .where('name', '=', DEFAULT_CHURCH_NAME)
    .execute();
  await db
    .updateTable('church')
    .set({
      name,
      pastor_name: 'Jonas Almeida Ribeiro',
      city: 'São Paulo',
      state: 'SP',
    })
    .where('id', '=', 1)
    .where('name', '=', DEFAULT_CHURCH_NAME)
    .where((eb) => eb.or([eb('pastor_name', 'is', null), eb('pastor_name', '=', '')]))
    .execute();
}

export async function seedDatabase(
  database: AppDatabase,
  options: SeedOptions,
): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const { db } = database;
  const total = Math.max(0, Math.floor(options.members));

  const { count } = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) {
    if (!options.reset) {
      throw new SeedRefused(
        `O banco já tem ${number(Number(count))} membros. Use --reset para apagar membros, ` +
          'departamentos, campos adicionais, credenciais e cartas e gerar tudo de novo.',
      );
    }
    log(`Apagando ${number(Number(count))} membros e o que se refere a eles…`);
    await resetMembers(database);
    log(`  apagados (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } else if (options.reset) {
    await resetMembers(database);
  }

  await fillDemoChurch(db);
  const faker = fakerPT_BR;
  faker.seed(options.seed ?? 2026);
  const context = await prepareContext(db, todayIso());
  const existingCpfs = (
    await db.selectFrom('members').select('cpf').where('cpf', 'is not', null).execute()
  ).map((row) => row.cpf!);
  const generator = new MemberGenerator(faker, context, existingCpfs);
  const plan =
    options.congregations === undefined
      ? null
      : await seedCongregations(database, options.congregations, options.seed ?? 2026);
  const localDepartments = plan
    ? await congregationDepartments(database, plan, context.departmentIds)
    : new Map<string, number>();
  const drawCongregation = seededRandom((options.seed ?? 2026) + 1);
  const { maxId } = await db
    .selectFrom('members')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .executeTakeFirstOrThrow();
  const firstId = Number(maxId ?? 0) + 1;

  // Department leaders: the first active member aged 25 or more of each department (of any
  // department for those of children), each leading one department at most.
  const leaders = new Map<number, number>();
  const leaderBorn = `${Number(context.today.slice(0, 4)) - 25}${context.today.slice(4)}`;
  const childrenOnly = new Set(
    DEPARTMENTS.flatMap((department, index) =>
      department.maxAge !== undefined && department.maxAge < 25 && context.departmentIds[index]
        ? [context.departmentIds[index]]
        : [],
    ),
  );
  let memberships = 0;
  const writer = database.sqlite ? sqliteWriter(database) : postgresWriter(db);

  let nextId = firstId;
  let reported = 0;
  await writer.begin();
  try {
    while (nextId < firstId + total) {
      const size = Math.min(BATCH, firstId + total - nextId);
      const rows: NewMember[] = [];
      const links: Array<[number, number]> = [];
      for (let i = 0; i < size; i++) {
        const id = nextId++;
        const generated = generator.next();
        const row = memberRow(id, generated);
        if (plan) {
          const congregationId = plan.pick(drawCongregation());
          row.congregation_id = congregationId;
          generated.departmentIds = generated.departmentIds
            .map((d) => localDepartments.get(`${congregationId}:${d}`) ?? d)
            .sort((a, b) => a - b);
        }
        rows.push(row);
        for (const departmentId of generated.departmentIds) links.push([id, departmentId]);
        const { status, birth_date: birth } = generated.member;
        if (status === 'active' && birth && birth <= leaderBorn) {
          const open = [...generated.departmentIds, ...childrenOnly].find((d) => !leaders.has(d));
          if (open !== undefined) leaders.set(open, id);
        }
      }
      memberships += links.length;
      await writer.batch(rows, links);
      const done = nextId - firstId;
      if (done === total || done - reported >= Math.max(total / 10, BATCH)) {
        reported = done;
        log(
          `  ${number(done)} / ${number(total)} membros (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
    }
    await writer.finish(leaders);
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await writer.analyze();

  return {
    members: total,
    congregations: plan?.congregations.length ?? 1,
    plan,
    memberships,
    departments: context.departmentIds.filter((id) => id !== null).length + localDepartments.size,
    customFields: Object.values(context.customKeys).filter(Boolean).length,
    elapsedMs: performance.now() - started,
  };
}

/** Church-wide departments the bigger congregations also run on their own. */
const LOCAL_DEPARTMENTS = ['Ministério de Louvor', 'Mocidade', 'Departamento Infantil'];
/** How many of the biggest congregações (after the sede and sub-sedes) run them. */
const LOCAL_CONGREGACOES = 10;

/**
 * Departments per congregation: the sub-sedes and the biggest congregações run their own
 * Louvor, Mocidade and Infantil (the others, and the sede, take part in the church-wide ones).
 * Returns "congregationId:churchWideDepartmentId" -> the local department's id.
 */
async function congregationDepartments(
  database: AppDatabase,
  plan: CongregationPlan,
  departmentIds: Array<number | null>,
): Promise<Map<string, number>> {
  const local = new Map<string, number>();
  const congregacoes = plan.congregations
    .filter((c) => c.kind === 'congregacao')
    .sort((a, b) => b.share - a.share)
    .slice(0, LOCAL_CONGREGACOES);
  const running = [...plan.congregations.filter((c) => c.kind === 'subsede'), ...congregacoes];
  for (const congregation of running) {
    for (const name of LOCAL_DEPARTMENTS) {
      const index = DEPARTMENTS.findIndex((d) => d.name === name);
      const churchWide = departmentIds[index];
      if (index < 0 || churchWide === null || churchWide === undefined) continue;
      const { id } = await database.db
        .insertInto('departments')
        .values({
          name: `${name} – ${congregation.name}`,
          description: DEPARTMENTS[index].description,
          leader_id: null,
          congregation_id: congregation.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      local.set(`${congregation.id}:${churchWide}`, id);
    }
  }
  return local;
}
