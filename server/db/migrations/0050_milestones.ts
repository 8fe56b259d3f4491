// Marcos and certificados (issue 28): the milestones of a member's life in the church
// (member_milestones) become the truth of the baptism, the Holy Spirit baptism, the reception and
// the consecration; the member's columns stay as their projection, kept by the milestone writes in
// the same transaction (lists, filters, credentials, import and reports read them). The existing
// columns move in here; certificates are numbered per kind and year (document_counters
// 'certificate:<kind>:<year>') and name the milestone they attest. Down drops both tables: the
// columns were never cleared, so nothing is lost.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function milestonesMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('member_milestones'))
        .addColumn('member_id', 'integer', (col) =>
          col.notNull().references('members.id').onDelete('cascade'),
        )
        // water_baptism, holy_spirit_baptism, profession_of_faith, child_presentation, marriage,
        // consecration, reception (domain/milestones.ts).
        .addColumn('kind', 'text', (col) => col.notNull())
        // Null only for a Holy Spirit baptism (the old yes/no) or a reception moved without date.
        .addColumn('date', d.types.date)
        .addColumn('place', 'text')
        .addColumn('officiant_name', 'text')
        .addColumn('officiant_member_id', 'integer', (col) =>
          col.references('members.id').onDelete('set null'),
        )
        .addColumn('admission_type', 'text')
        .addColumn('origin_church', 'text')
        .addColumn('spouse_name', 'text')
        .addColumn('position_id', 'integer', (col) =>
          col.references('positions.id').onDelete('set null'),
        )
        .addColumn('notes', 'text')
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      // A member's timeline, newest first, from the index alone.
      await db.schema
        .createIndex('member_milestones_member_date')
        .on('member_milestones')
        .columns(['member_id', 'date'])
        .execute();
      // A baptism service's batch: the baptisms of one day.
      await db.schema
        .createIndex('member_milestones_kind_date')
        .on('member_milestones')
        .columns(['kind', 'date'])
        .execute();
      await db.schema
        .createIndex('member_milestones_officiant')
        .on('member_milestones')
        .column('officiant_member_id')
        .execute();

      await d
        .addId(db.schema.createTable('certificates'))
        .addColumn('member_id', 'integer', (col) => col.notNull().references('members.id'))
        .addColumn('milestone_id', 'integer', (col) =>
          col.notNull().references('member_milestones.id'),
        )
        // baptism, child_presentation, marriage, membership (domain/milestones.ts).
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('number', 'integer', (col) => col.notNull())
        .addColumn('issued_on', d.types.date, (col) => col.notNull())
        .addColumn('created_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('created_at', d.types.timestamp, (col) => col.notNull())
        .addUniqueConstraint('certificates_kind_year_number', ['kind', 'year', 'number'])
        .execute();
      await db.schema
        .createIndex('certificates_member')
        .on('certificates')
        .columns(['member_id', 'issued_on'])
        .execute();
      // One certificate per milestone: issued again, it is reprinted with its number.
      await db.schema
        .createIndex('certificates_milestone')
        .unique()
        .on('certificates')
        .column('milestone_id')
        .execute();

      // The member's columns move into milestones: one statement per kind.
      const now = new Date().toISOString();
      const yes = d.name === 'sqlite' ? sql`1` : sql`true`;
      await sql`INSERT INTO member_milestones (member_id, kind, date, created_at, updated_at)
        SELECT id, 'water_baptism', baptism_date, ${now}, ${now} FROM members
        WHERE baptism_date IS NOT NULL`.execute(db);
      await sql`INSERT INTO member_milestones (member_id, kind, date, created_at, updated_at)
        SELECT id, 'holy_spirit_baptism', NULL, ${now}, ${now} FROM members
        WHERE holy_spirit_baptism = ${yes}`.execute(db);
      await sql`INSERT INTO member_milestones
        (member_id, kind, date, admission_type, origin_church, created_at, updated_at)
        SELECT id, 'reception', admission_date, admission_type, origin_church, ${now}, ${now}
        FROM members
        WHERE admission_date IS NOT NULL OR admission_type IS NOT NULL OR origin_church IS NOT NULL`.execute(
        db,
      );
      await sql`INSERT INTO member_milestones
        (member_id, kind, date, position_id, created_at, updated_at)
        SELECT id, 'consecration', consecration_date, position_id, ${now}, ${now} FROM members
        WHERE consecration_date IS NOT NULL`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`DELETE FROM document_counters WHERE name LIKE 'certificate:%'`.execute(db);
      await db.schema.dropTable('certificates').execute();
      await db.schema.dropTable('member_milestones').execute();
    },
  };
}
