import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

const POSITIONS: Array<[string, boolean]> = [
  ['Membro', false],
  ['Cooperador', true],
  ['Diácono', true],
  ['Presbítero', true],
  ['Evangelista', true],
  ['Pastor', true],
  ['Missionário(a)', true],
];

export function membersMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('positions'))
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('ministerial', d.types.bool, (col) => col.notNull())
        .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db
        .insertInto('positions' as never)
        .values(
          POSITIONS.map(([name, ministerial], index) => ({
            name,
            ministerial,
            sort_order: (index + 1) * 10,
          })) as never,
        )
        .execute();

      await d
        .addId(db.schema.createTable('custom_fields'))
        .addColumn('label', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull().unique())
        .addColumn('field_type', 'text', (col) => col.notNull())
        .addColumn('options', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('required', d.types.bool, (col) => col.notNull())
        .addColumn('active', d.types.bool, (col) => col.notNull())
        .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();

      await d
        .addId(db.schema.createTable('members'))
        .addColumn('name', 'text', (col) => col.notNull())
        // Lowercase, accent-free name: the sort key, so "Álvaro" sorts with the A's.
        .addColumn('sort_name', 'text', (col) => col.notNull())
        // Name, CPF, e-mail and phones normalized (domain/search.ts) for the q filter.
        .addColumn('search', 'text', (col) => col.notNull())
        .addColumn('photo', 'text')
        .addColumn('photo_thumb', 'text')
        .addColumn('has_photo', d.types.bool, (col) => col.notNull())
        .addColumn('sex', 'text')
        .addColumn('birth_date', d.types.date)
        // Month and day of birth as MMDD, for birthday lists across years.
        .addColumn('birth_md', 'integer')
        .addColumn('marital_status', 'text')
        .addColumn('spouse_name', 'text')
        .addColumn('cpf', 'text')
        .addColumn('rg', 'text')
        .addColumn('email', 'text')
        .addColumn('phone_mobile', 'text')
        .addColumn('phone_home', 'text')
        .addColumn('zip_code', 'text')
        .addColumn('street', 'text')
        .addColumn('number', 'text')
        .addColumn('complement', 'text')
        .addColumn('district', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('birthplace', 'text')
        .addColumn('father_name', 'text')
        .addColumn('mother_name', 'text')
        .addColumn('profession', 'text')
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('admission_date', d.types.date)
        .addColumn('admission_type', 'text')
        .addColumn('origin_church', 'text')
        .addColumn('baptism_date', d.types.date)
        .addColumn('holy_spirit_baptism', d.types.bool, (col) => col.notNull())
        .addColumn('position_id', 'integer', (col) => col.references('positions.id'))
        .addColumn('consecration_date', d.types.date)
        .addColumn('custom_fields', 'text', (col) => col.notNull().defaultTo('{}'))
        .addColumn('notes', 'text')
        .addColumn('consent_at', d.types.timestamp)
        .addColumn('consent_version', 'text')
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('departments'))
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('description', 'text')
        .addColumn('leader_id', 'integer', (col) => col.references('members.id'))
        .execute();

      await db.schema
        .createTable('member_departments')
        .addColumn('member_id', 'integer', (col) =>
          col.notNull().references('members.id').onDelete('cascade'),
        )
        .addColumn('department_id', 'integer', (col) => col.notNull().references('departments.id'))
        .addPrimaryKeyConstraint('member_departments_pk', ['member_id', 'department_id'])
        .execute();

      // One index per list shape the members screen asks for (filter + sort).
      const indexes: Array<[string, string, string[]]> = [
        ['members_sort_name', 'members', ['sort_name', 'id']],
        ['members_status_name', 'members', ['status', 'sort_name', 'id']],
        ['members_birth_date', 'members', ['birth_date', 'id']],
        ['members_status_birth_date', 'members', ['status', 'birth_date', 'id']],
        ['members_admission_date', 'members', ['admission_date', 'id']],
        ['members_created_at', 'members', ['created_at', 'id']],
        ['members_position', 'members', ['position_id', 'sort_name', 'id']],
        ['members_birth_md', 'members', ['birth_md', 'id']],
        ['members_email', 'members', ['email']],
        ['member_departments_department', 'member_departments', ['department_id', 'member_id']],
        ['departments_leader', 'departments', ['leader_id']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
      await db.schema
        .createIndex('members_cpf')
        .on('members')
        .column('cpf')
        .unique()
        .where(sql.ref('cpf'), 'is not', null)
        .execute();

      await d.createTextSearch(db, 'members', 'search');
    },
    async down(db: Kysely<unknown>) {
      await d.dropTextSearch(db, 'members');
      for (const table of [
        'member_departments',
        'departments',
        'members',
        'custom_fields',
        'positions',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
