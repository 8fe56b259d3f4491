import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

export function churchMigration(d: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      // A singleton: one row with id 1, created here so GET /api/church always answers.
      await db.schema
        .createTable('church')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('cnpj', 'text')
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('zip_code', 'text')
        .addColumn('street', 'text')
        .addColumn('number', 'text')
        .addColumn('complement', 'text')
        .addColumn('district', 'text')
        .addColumn('city', 'text')
        .addColumn('state', 'text')
        .addColumn('pastor_name', 'text')
        .addColumn('logo', 'text')
        .addColumn('credential_validity_months', 'integer', (col) => col.notNull().defaultTo(12))
        .addColumn('updated_at', d.types.timestamp, (col) => col.notNull())
        .execute();
      await db
        .insertInto('church' as never)
        .values({ id: 1, name: 'Minha Igreja', updated_at: new Date().toISOString() } as never)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('church').execute();
    },
  };
}
