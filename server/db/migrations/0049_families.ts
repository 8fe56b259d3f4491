// Famílias (issue 28): households of members and of relatives who are no members (a child not yet
// a member, a spouse of another church), with no head: each person's relation names the person of
// the household it is to (relative_id; none: to the household). A member belongs to at most one
// household (unique member_id); a member may inherit the household's address (its columns stay the
// member's own, rewritten with the family's in the same transaction as the family's).
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function familiesMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('families'))
        .addColumn('congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('zip_code', 'text')
        .addColumn('street', 'text')
        .addColumn('number', 'text')
        .addColumn('complement', 'text')
        .addColumn('district', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('notes', 'text')
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('families_congregation')
        .on('families')
        .columns(['congregation_id', 'id'])
        .execute();

      await d
        .addId(db.schema.createTable('family_people'))
        .addColumn('family_id', 'integer', (col) =>
          col.notNull().references('families.id').onDelete('cascade'),
        )
        // A member, or a relative who is none (name, birth date, sex, phone of their own).
        .addColumn('member_id', 'integer', (col) =>
          col.references('members.id').onDelete('cascade'),
        )
        .addColumn('name', 'text')
        .addColumn('birth_date', d.types.date)
        .addColumn('sex', 'text')
        .addColumn('phone', 'text')
        .addColumn('relation', 'text', (col) => col.notNull())
        .addColumn('relative_id', 'integer', (col) =>
          col.references('family_people.id').onDelete('set null'),
        )
        .addColumn('uses_family_address', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 0 : false),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      // One household per member; NULLs (relatives) are distinct on both databases.
      await db.schema
        .createIndex('family_people_member')
        .on('family_people')
        .column('member_id')
        .unique()
        .execute();
      await db.schema
        .createIndex('family_people_family')
        .on('family_people')
        .columns(['family_id', 'id'])
        .execute();
      await db.schema
        .createIndex('family_people_relative')
        .on('family_people')
        .column('relative_id')
        .execute();
      // The children by age of the relatives who are no members.
      await db.schema
        .createIndex('family_people_birth_date')
        .on('family_people')
        .columns(['birth_date', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('family_people').execute();
      await db.schema.dropTable('families').execute();
    },
  };
}
