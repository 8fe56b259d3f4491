// Issue 26, the EBD: classes (turmas) per congregation and trimestre with their teachers (members)
// and enrolled students (members or visitors, from a day and, once they leave, until a day, so a
// past Sunday still counts who was enrolled then). A class's Sunday chamada is a gathering of kind
// 'ebd' naming the class (once per class and day), with the counts only a class takes: Bíblias,
// revistas and the offering in centavos.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function ebdMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('ebd_classes'))
        .addColumn('congregation_id', 'integer', (col) =>
          col.notNull().references('congregations.id'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        // Name and age group, lowercase without accents (the q filter on both databases).
        .addColumn('search', 'text', (col) => col.notNull())
        .addColumn('year', 'integer', (col) => col.notNull())
        // 1 (January–March) … 4.
        .addColumn('quarter', 'integer', (col) => col.notNull())
        .addColumn('age_group', 'text')
        .addColumn('age_min', 'integer')
        .addColumn('age_max', 'integer')
        // The title of the trimestre's lesson magazine (revista).
        .addColumn('magazine', 'text')
        .addColumn('active', d.types.bool, (col) =>
          col.notNull().defaultTo(d.name === 'sqlite' ? 1 : true),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('ebd_classes_congregation_quarter')
        .on('ebd_classes')
        .columns(['congregation_id', 'year', 'quarter'])
        .execute();

      await d
        .addId(db.schema.createTable('ebd_class_teachers'))
        .addColumn('ebd_class_id', 'integer', (col) =>
          col.notNull().references('ebd_classes.id').onDelete('cascade'),
        )
        .addColumn('member_id', 'integer', (col) =>
          col.notNull().references('members.id').onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('ebd_class_teachers_class_member')
        .on('ebd_class_teachers')
        .columns(['ebd_class_id', 'member_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('ebd_class_teachers_member')
        .on('ebd_class_teachers')
        .column('member_id')
        .execute();

      await d
        .addId(db.schema.createTable('ebd_enrolments'))
        .addColumn('ebd_class_id', 'integer', (col) =>
          col.notNull().references('ebd_classes.id').onDelete('cascade'),
        )
        .addColumn('member_id', 'integer', (col) =>
          col.references('members.id').onDelete('cascade'),
        )
        .addColumn('visitor_id', 'integer', (col) =>
          col.references('visitors.id').onDelete('cascade'),
        )
        .addColumn('enrolled_on', d.types.date, (col) => col.notNull())
        // Set when the student leaves a class they were present in (the history stays).
        .addColumn('left_on', d.types.date)
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      // Once per person and class (NULLs are distinct on both databases).
      await db.schema
        .createIndex('ebd_enrolments_class_member')
        .on('ebd_enrolments')
        .columns(['ebd_class_id', 'member_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('ebd_enrolments_class_visitor')
        .on('ebd_enrolments')
        .columns(['ebd_class_id', 'visitor_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('ebd_enrolments_member')
        .on('ebd_enrolments')
        .column('member_id')
        .execute();

      for (const [column, type] of [
        ['ebd_class_id', 'integer'],
        ['count_bibles', 'integer'],
        ['count_magazines', 'integer'],
        ['offering_cents', 'integer'],
      ] as const) {
        await db.schema
          .alterTable('gatherings')
          .addColumn(column, type, (col) =>
            column === 'ebd_class_id' ? col.references('ebd_classes.id') : col,
          )
          .execute();
      }
      // A class's chamada is taken once a day: two phones opening it get the same one.
      await db.schema
        .createIndex('gatherings_ebd_class_date')
        .on('gatherings')
        .columns(['ebd_class_id', 'date'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('gatherings_ebd_class_date').execute();
      for (const column of ['offering_cents', 'count_magazines', 'count_bibles', 'ebd_class_id']) {
        await db.schema.alterTable('gatherings').dropColumn(column).execute();
      }
      await db.schema.dropTable('ebd_enrolments').execute();
      await db.schema.dropTable('ebd_class_teachers').execute();
      await db.schema.dropTable('ebd_classes').execute();
    },
  };
}
