// What members refer to: the positions of migration 0003, and the seed's departments and
// custom fields (reused when one with the same name or key exists, created otherwise).
import type { Kysely } from 'kysely';
import { customFieldKey } from '../../../domain/customFields.js';
import type { Database } from '../../db/schema.js';
import { CUSTOM_FIELDS, DEPARTMENTS } from '../lists/church.js';
import type { SeedContext } from './context.js';

async function departmentIds(db: Kysely<Database>): Promise<Array<number | null>> {
  const existing = await db.selectFrom('departments').select(['id', 'name']).execute();
  const ids: Array<number | null> = [];
  for (const department of DEPARTMENTS) {
    const found = existing.find((d) => d.name.toLowerCase() === department.name.toLowerCase());
    if (found) {
      ids.push(found.id);
      continue;
    }
    const { id } = await db
      .insertInto('departments')
      .values({ name: department.name, description: department.description, leader_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

/** The keys of CUSTOM_FIELDS, null for a field that exists with another type or inactive. */
async function customFieldKeys(db: Kysely<Database>): Promise<Array<string | null>> {
  const existing = await db.selectFrom('custom_fields').selectAll().execute();
  const keys: Array<string | null> = [];
  for (const [index, field] of CUSTOM_FIELDS.entries()) {
    const key = customFieldKey(field.label);
    const found = existing.find((f) => f.key === key);
    if (found) {
      keys.push(found.field_type === field.field_type && Boolean(found.active) ? key : null);
      continue;
    }
    await db
      .insertInto('custom_fields')
      .values({
        label: field.label,
        key,
        field_type: field.field_type,
        options: JSON.stringify(field.options),
        required: false,
        active: true,
        public_form: field.public_form,
        sort_order: (index + 1) * 10,
      })
      .execute();
    keys.push(key);
  }
  return keys;
}

export async function prepareContext(db: Kysely<Database>, today: string): Promise<SeedContext> {
  const positions = await db.selectFrom('positions').selectAll().orderBy('sort_order').execute();
  const memberPosition =
    positions.find((p) => p.name === 'Membro') ?? positions.find((p) => !p.ministerial);
  const ministerialPositions = new Map(
    positions.filter((p) => Boolean(p.ministerial)).map((p) => [p.name, p.id]),
  );
  const departments = await departmentIds(db);
  const keys = await customFieldKeys(db);
  return {
    today,
    memberPositionId: memberPosition?.id ?? null,
    ministerialPositions,
    departmentIds: departments,
    customKeys: { conversion: keys[0], schooling: keys[1], tither: keys[2] },
  };
}
