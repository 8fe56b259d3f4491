// Every column of every table of a test database, read as text: where personal values still are
// (the anonymization tests, issues 13 and 26).
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/db/schema.js';
import { usingPostgres } from './testApp.js';

/** Every column of every table, read as text: the cells holding any of `values`. */
export async function databaseCellsHolding(
  db: Kysely<Database>,
  values: string[],
): Promise<string[]> {
  const wanted = values.map((value) => value.toLocaleLowerCase('pt-BR'));
  const columns: Array<{ table: string; column: string }> = [];
  if (usingPostgres) {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()
        and table_name in (select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE')`.execute(db);
    for (const row of rows.rows) columns.push({ table: row.table_name, column: row.column_name });
  } else {
    const tables = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table'`.execute(db);
    for (const { name } of tables.rows) {
      const info = await sql<{ name: string }>`
        select name from pragma_table_info(${name})`.execute(db);
      for (const column of info.rows) columns.push({ table: name, column: column.name });
    }
  }
  expect(columns.length).toBeGreaterThan(200);
  const found: string[] = [];
  for (const { table, column } of columns) {
    const cells = await sql<{ value: string | null }>`
      select cast(${sql.ref(column)} as text) as value from ${sql.table(table)}
      where ${sql.ref(column)} is not null`.execute(db);
    for (const { value } of cells.rows) {
      const text = (value ?? '').toLocaleLowerCase('pt-BR');
      for (const [index, wantedValue] of wanted.entries()) {
        if (text.includes(wantedValue)) found.push(`${table}.${column}: ${values[index]}`);
      }
    }
  }
  return found;
}
