// Buffers the finance rows per table and writes them in batches inside transactions, parents
// first: one prepared statement on SQLite, multi-row INSERTs on PostgreSQL. Ids are chosen by
// the seed (nextIds), so rows can point at each other before they are written.
import type { Insertable } from 'kysely';
import type { AppDatabase } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { COLUMNS, TABLES, type Table } from './columns.js';

const BATCH = 20_000;
export const PG_ROWS_PER_INSERT = 1000;

type Row = Record<string, string | number | boolean | null | undefined>;

export class Writer {
  private readonly buffers = new Map<Table, Row[]>(TABLES.map((table) => [table, []]));
  private buffered = 0;
  readonly counts = new Map<Table, number>(TABLES.map((table) => [table, 0]));

  constructor(private readonly database: AppDatabase) {}

  async add<T extends Table>(table: T, row: Insertable<Database[T]>) {
    this.buffers.get(table)!.push(row as Row);
    this.counts.set(table, this.counts.get(table)! + 1);
    if (++this.buffered >= BATCH) await this.flush();
  }

  async flush() {
    for (const table of TABLES) {
      const rows = this.buffers.get(table)!;
      if (rows.length === 0) continue;
      this.buffers.set(table, []);
      await this.write(table, rows);
    }
    this.buffered = 0;
  }

  private async write(table: Table, rows: Row[]) {
    const columns: string[] = COLUMNS[table];
    const raw = this.database.sqlite;
    if (raw) {
      const statement = raw.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      raw.transaction(() => {
        for (const row of rows) {
          statement.run(
            columns.map((column) => {
              const value = row[column] ?? null;
              return typeof value === 'boolean' ? (value ? 1 : 0) : value;
            }),
          );
        }
      })();
      return;
    }
    await this.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += PG_ROWS_PER_INSERT) {
        const chunk = rows
          .slice(i, i + PG_ROWS_PER_INSERT)
          .map((row) => Object.fromEntries(columns.map((column) => [column, row[column] ?? null])));
        await trx
          .insertInto(table as 'transactions')
          .values(chunk as never)
          .execute();
      }
    });
  }
}

export type Ids = Awaited<ReturnType<typeof nextIds>>;

/** The next free id of each table, handed out one by one. */
export async function nextIds(database: AppDatabase) {
  const ids = new Map<Table, number>();
  for (const table of TABLES) {
    const row = await database.db
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    ids.set(table, Number(row?.max ?? 0) + 1);
  }
  return {
    next(table: Table) {
      const id = ids.get(table)!;
      ids.set(table, id + 1);
      return id;
    },
  };
}
