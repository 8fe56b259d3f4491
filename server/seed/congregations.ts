// `seed --congregations N` (issue 12): a campo as Brazilian churches have it — one big sede, a
// few sub-sedes with congregações under them, and a long tail of small congregações — and the
// share of the members each one gets (the sede 15%, each sub-sede about 5% up to 30% in all,
// the congregações the rest on a Zipf-like curve: at 1,000,000 members in 300 congregations
// the sede has 150,000, the biggest congregação about 30,000 and the smallest a few hundred).
// Deterministic for a given seed.
import { sql } from 'kysely';
import { SEDE_ID, slugOf } from '../../domain/congregations.js';
import { searchText } from '../../domain/search.js';
import type { AppDatabase } from '../db/index.js';
import { COMMON_DISTRICTS, SAO_PAULO_DISTRICTS } from './lists/contacts.js';

/** Regions a campo's sub-sedes are named after (metropolitan São Paulo). */
const REGIONS = [
  'Zona Leste',
  'Zona Norte',
  'Zona Sul',
  'Zona Oeste',
  'Guarulhos',
  'Osasco',
  'Santo André',
  'São Bernardo do Campo',
  'Mauá',
  'Diadema',
  'Carapicuíba',
  'Mogi das Cruzes',
  'Taboão da Serra',
  'Itapevi',
  'Suzano',
  'Barueri',
  'Cotia',
  'Itaquaquecetuba',
  'Ferraz de Vasconcelos',
  'Embu das Artes',
];
const DISTRICTS = [...SAO_PAULO_DISTRICTS, ...COMMON_DISTRICTS];
const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

const SEDE_SHARE = 0.15;
/** Each sub-sede's share (give or take 30%); together at most SUBSEDES_SHARE. */
const SUBSEDE_SHARE = 0.05;
const SUBSEDES_SHARE = 0.3;

export interface SeededCongregation {
  id: number;
  name: string;
  kind: 'sede' | 'subsede' | 'congregacao';
  parent_id: number | null;
  /** Its share of the members (the shares add up to 1). */
  share: number;
}

export interface CongregationPlan {
  congregations: SeededCongregation[];
  /** The congregation of a uniform draw in [0, 1): each one as often as its share. */
  pick(u: number): number;
}

/** The plan of the congregations in the database, each one's share its share of the members. */
export async function congregationPlanOf(database: AppDatabase): Promise<CongregationPlan> {
  const { db } = database;
  const rows = await db
    .selectFrom('congregations')
    .leftJoin('members', 'members.congregation_id', 'congregations.id')
    .select([
      'congregations.id',
      'congregations.name',
      'congregations.kind',
      'congregations.parent_id',
      (eb) => eb.fn.count<number>('members.id').as('members'),
    ])
    .groupBy([
      'congregations.id',
      'congregations.name',
      'congregations.kind',
      'congregations.parent_id',
    ])
    .orderBy('congregations.id')
    .execute();
  const total = rows.reduce((sum, row) => sum + Number(row.members), 0) || 1;
  return planWith(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind as SeededCongregation['kind'],
      parent_id: row.parent_id,
      share: Number(row.members) / total,
    })),
  );
}

function planWith(seeded: SeededCongregation[]): CongregationPlan {
  const bounds: number[] = [];
  let sum = 0;
  for (const congregation of seeded) bounds.push((sum += congregation.share));
  return {
    congregations: seeded,
    pick(u) {
      let low = 0;
      let high = bounds.length - 1;
      const target = u * sum;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (bounds[middle] > target) high = middle;
        else low = middle + 1;
      }
      return seeded[low].id;
    },
  };
}

/** A small deterministic generator (mulberry32): the members' own draws stay untouched. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many sub-sedes a campo of `count` congregations has (none under ten). */
export const subsedesOf = (count: number) =>
  count < 10 ? 0 : Math.min(REGIONS.length, Math.max(2, Math.round(count / 25)));

function planOf(count: number, random: () => number): Omit<SeededCongregation, 'id'>[] {
  const subsedes = subsedesOf(count);
  const congregacoes = count - 1 - subsedes;
  const plan: Omit<SeededCongregation, 'id'>[] = [
    {
      name: 'Sede',
      kind: 'sede',
      parent_id: null,
      share: congregacoes + subsedes > 0 ? SEDE_SHARE : 1,
    },
  ];
  const subsedeWeights = Array.from({ length: subsedes }, () => 0.7 + random() * 0.6);
  const subsedeTotal = subsedeWeights.reduce((a, b) => a + b, 0);
  const subsedesShare = Math.min(SUBSEDES_SHARE, subsedes * SUBSEDE_SHARE);
  const rest = 1 - SEDE_SHARE - subsedesShare;
  for (let i = 0; i < subsedes; i++) {
    plan.push({
      name: `Sub-sede ${REGIONS[i]}`,
      kind: 'subsede',
      parent_id: null, // the sede: set when the ids are known
      share: (subsedesShare * subsedeWeights[i]) / subsedeTotal,
    });
  }
  // Zipf-like tail, shuffled a little so the biggest are not all first in the list.
  const zipf = Array.from({ length: congregacoes }, (_, k) => 1 / (k + 3) ** 0.9);
  const zipfTotal = zipf.reduce((a, b) => a + b, 0);
  for (let k = 0; k < congregacoes; k++) {
    const district = DISTRICTS[k % DISTRICTS.length];
    const round = Math.floor(k / DISTRICTS.length);
    plan.push({
      name: `Congregação ${district}${ROMAN[round] ?? ` ${round + 1}`}`,
      kind: 'congregacao',
      parent_id: null,
      share: (rest * zipf[k]) / zipfTotal,
    });
  }
  return plan;
}

/**
 * Replaces the congregations other than the sede with `count` in all (the sede included) and
 * returns them with their shares. Records of the congregations removed go back to the sede
 * (the members' seed deletes the members right after, the finance seed its records).
 */
export async function seedCongregations(
  database: AppDatabase,
  count: number,
  seed = 2026,
): Promise<CongregationPlan> {
  const { db } = database;
  const random = seededRandom(seed);
  const plan = planOf(Math.max(1, count), random);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const others = await trx
      .selectFrom('congregations')
      .select('id')
      .where('id', '<>', SEDE_ID)
      .limit(1)
      .executeTakeFirst();
    if (others) {
      for (const table of [
        'members',
        'bank_accounts',
        'incomes',
        'expenses',
        'accounts_payable',
      ] as const) {
        await trx
          .updateTable(table)
          .set({ congregation_id: SEDE_ID })
          .where('congregation_id', '<>', SEDE_ID)
          .execute();
      }
      await trx
        .updateTable('departments')
        .set({ congregation_id: null })
        .where('congregation_id', 'is not', null)
        .execute();
      await trx.deleteFrom('member_moves').execute();
      // The congregations' budgets go with them (their repasse rates cascade).
      await trx.deleteFrom('budgets').where('congregation_id', '<>', SEDE_ID).execute();
      await trx.updateTable('users').set({ congregation_ids: '[]' }).execute();
      // Sub-sedes first point at nothing, so every row can go.
      await trx.updateTable('congregations').set({ parent_id: null }).execute();
      await trx.deleteFrom('congregations').where('id', '<>', SEDE_ID).execute();
    }
  });
  const sede = await db
    .selectFrom('congregations')
    .select(['id', 'name'])
    .where('id', '=', SEDE_ID)
    .executeTakeFirstOrThrow();

  const seeded: SeededCongregation[] = [{ ...plan[0], id: sede.id, name: sede.name }];
  const slugs = new Set(['sede']);
  const subsedeIds: number[] = [];
  const rows = plan.slice(1).map((entry, index) => {
    const id = SEDE_ID + 1 + index;
    let slug = slugOf(entry.name);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugOf(entry.name)}-${n}`;
    slugs.add(slug);
    // A fifth of the congregações answer to the sede directly, the rest to a sub-sede.
    const parent =
      entry.kind === 'subsede'
        ? SEDE_ID
        : subsedeIds.length === 0 || random() < 0.2
          ? SEDE_ID
          : subsedeIds[Math.floor(random() * subsedeIds.length)];
    if (entry.kind === 'subsede') subsedeIds.push(id);
    const district = entry.name.replace(/^(Congregação|Sub-sede) /, '').replace(/ [IVX]+$/, '');
    seeded.push({ ...entry, id, parent_id: parent });
    return {
      id,
      name: entry.name,
      kind: entry.kind,
      parent_id: parent,
      slug,
      district,
      city: 'São Paulo',
      state: 'SP',
      leader_name: null,
      phone: null,
      email: null,
      active: true,
      search: searchText(entry.name),
      created_at: now,
      updated_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('congregations')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  if (database.dialect.name === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('congregations', 'id'), (select max(id) from congregations))`.execute(
      db,
    );
  }

  return planWith(seeded);
}
