// The settings tables' rules (positions, departments, custom fields): what the database
// decides beyond the schemas, their counts and when a row is in use.
import type { Kysely } from 'kysely';
import { customFieldKey, customFieldSchema } from '../../../domain/customFields.js';
import { departmentSchema } from '../../../domain/departments.js';
import { positionSchema } from '../../../domain/positions.js';
import { plural } from '../../../domain/text.js';
import type { Database } from '../../db/schema.js';
import { conflict, invalid } from '../../plugins/errors.js';
import type { SmallTableDefinition } from '../../http/smallTable.js';
import { assertActiveCongregation, congregationNames } from '../members/index.js';

function countBy(rows: Array<{ key: number | null; count: number | string | bigint }>) {
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

async function nameTaken(
  db: Kysely<Database>,
  table: 'positions' | 'departments',
  name: string,
  id?: number,
) {
  const rows = await db.selectFrom(table).select(['id', 'name']).execute();
  return rows.some((row) => row.id !== id && row.name.toLowerCase() === name.toLowerCase());
}

/** Positions (cargos): in use while a member holds one. */
export const positionsTable: SmallTableDefinition<'positions', typeof positionSchema> = {
  api: 'positions',
  table: 'positions',
  schema: positionSchema,
  notFound: 'Cargo não encontrado.',
  sortable: ['id', 'name', 'ministerial', 'sort_order', 'member_count'],
  defaultSort: { field: 'sort_order', order: 'asc' },
  searchable: (record) => String(record.name),
  filters: { ministerial: 'bool' },
  async toApi(rows, db) {
    const counts = countBy(
      await db
        .selectFrom('members')
        .select(['position_id as key', (eb) => eb.fn.countAll<number>().as('count')])
        .where('position_id', 'in', rows.length > 0 ? rows.map((row) => row.id) : [0])
        .groupBy('position_id')
        .execute(),
    );
    return rows.map((row) => ({
      ...row,
      ministerial: Boolean(row.ministerial),
      member_count: counts.get(row.id) ?? 0,
    }));
  },
  async columns(position, db, id) {
    if (await nameTaken(db, 'positions', position.name, id)) {
      throw invalid({ name: 'Já existe um cargo com este nome.' });
    }
    return position;
  },
  async assertDeletable(db, id) {
    const { count } = await db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('position_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) {
      throw conflict(
        `Este cargo está em uso por ${plural(Number(count), 'membro', 'membros')}. ` +
          'Mude o cargo deles antes de excluí-lo.',
      );
    }
  },
};

/** Departments: of one congregation or of the whole church, with a leader among their members. */
export const departmentsTable: SmallTableDefinition<'departments', typeof departmentSchema> = {
  api: 'departments',
  table: 'departments',
  schema: departmentSchema,
  notFound: 'Departamento não encontrado.',
  sortable: ['id', 'name', 'member_count', 'congregation_name'],
  defaultSort: { field: 'name', order: 'asc' },
  searchable: (record) => `${record.name} ${record.description ?? ''}`,
  filters: { leader_id: 'reference' },
  // Per congregation or, with NULL, of the whole church (issue 12).
  scope: { column: 'congregation_id' },
  async toApi(rows, db) {
    const names = await congregationNames(
      db,
      rows.flatMap((row) => (row.congregation_id === null ? [] : [row.congregation_id])),
    );
    const counts = countBy(
      await db
        .selectFrom('member_departments')
        .select(['department_id as key', (eb) => eb.fn.countAll<number>().as('count')])
        .where('department_id', 'in', rows.length > 0 ? rows.map((row) => row.id) : [0])
        .groupBy('department_id')
        .execute(),
    );
    return rows.map((row) => ({
      ...row,
      // "Toda a igreja" for a church-wide department.
      congregation_name:
        row.congregation_id === null ? null : (names.get(row.congregation_id) ?? ''),
      member_count: counts.get(row.id) ?? 0,
    }));
  },
  async columns(department, db, id) {
    const stored = id
      ? await db
          .selectFrom('departments')
          .select('congregation_id')
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (
      department.congregation_id !== null &&
      department.congregation_id !== stored?.congregation_id
    ) {
      await assertActiveCongregation(db, department.congregation_id);
    }
    // Names stay unique in the whole church (a unique column since 0003): a secretary of the
    // sede's reports and the member form never show two departments of one name.
    if (await nameTaken(db, 'departments', department.name, id)) {
      throw invalid({ name: 'Já existe um departamento com este nome.' });
    }
    if (department.leader_id) {
      const leader = await db
        .selectFrom('members')
        .select(['id', 'congregation_id'])
        .where('id', '=', department.leader_id)
        .executeTakeFirst();
      if (!leader) throw invalid({ leader_id: 'Líder não encontrado.' });
      if (
        department.congregation_id !== null &&
        leader.congregation_id !== department.congregation_id
      ) {
        throw invalid({ leader_id: 'O líder deve ser membro da congregação do departamento.' });
      }
    }
    const moved = department.congregation_id;
    if (id && stored && moved !== null && moved !== stored.congregation_id) {
      // A department of one congregation gathers only that congregation's members.
      const elsewhere = await db
        .selectFrom('member_departments')
        .innerJoin('members', 'members.id', 'member_departments.member_id')
        .select('members.id')
        .where('member_departments.department_id', '=', id)
        .where('members.congregation_id', '!=', moved)
        .limit(1)
        .executeTakeFirst();
      if (elsewhere) {
        throw invalid({
          congregation_id:
            'O departamento tem membros de outra congregação: retire-os antes de mudar a congregação.',
        });
      }
    }
    return department;
  },
  async assertDeletable(db, id) {
    const { count } = await db
      .selectFrom('member_departments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('department_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) {
      throw conflict(
        `Este departamento tem ${plural(Number(count), 'membro', 'membros')}. ` +
          'Retire-os do departamento antes de excluí-lo.',
      );
    }
  },
};

/** Custom fields of the member record: the key fixed at creation, in use while a member fills one. */
export const customFieldsTable: SmallTableDefinition<'custom_fields', typeof customFieldSchema> = {
  api: 'custom_fields',
  table: 'custom_fields',
  schema: customFieldSchema,
  notFound: 'Campo adicional não encontrado.',
  sortable: [
    'id',
    'label',
    'field_type',
    'required',
    'active',
    'public_form',
    'visible_to_all',
    'sort_order',
  ],
  defaultSort: { field: 'sort_order', order: 'asc' },
  searchable: (record) => String(record.label),
  filters: { active: 'bool', public_form: 'bool', visible_to_all: 'bool' },
  async toApi(rows) {
    return rows.map((row) => ({
      ...row,
      options: JSON.parse(row.options) as string[],
      required: Boolean(row.required),
      active: Boolean(row.active),
      public_form: Boolean(row.public_form),
      visible_to_all: Boolean(row.visible_to_all),
    }));
  },
  async columns(field, db, id) {
    // The key is fixed at creation: stored values are keyed by it.
    const existing = id
      ? await db.selectFrom('custom_fields').select('key').where('id', '=', id).executeTakeFirst()
      : undefined;
    const key = existing?.key ?? customFieldKey(field.label);
    if (!existing) {
      const taken = await db
        .selectFrom('custom_fields')
        .select('id')
        .where('key', '=', key)
        .executeTakeFirst();
      if (taken) throw invalid({ label: 'Já existe um campo com este nome.' });
    }
    return {
      ...field,
      key,
      options: JSON.stringify(field.field_type === 'choice' ? field.options : []),
    };
  },
  async assertDeletable(db, id) {
    const field = await db
      .selectFrom('custom_fields')
      .select('key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const used = await db
      .selectFrom('members')
      .select('id')
      .where('custom_fields', 'like', `%"${field.key}":%`)
      .limit(1)
      .executeTakeFirst();
    if (used) {
      throw conflict(
        'Há membros com este campo preenchido. Para deixar de usá-lo sem perder os dados, desmarque “Ativo”.',
      );
    }
  },
};
