// Column types shared by the tables: what each dialect stores, read and written as one type.
import type { ColumnType } from 'kysely';

/** Stored as 0/1 by SQLite and as boolean by PostgreSQL; written as boolean. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** Integer that PostgreSQL's bigint may carry: always read as a number (see dialect.ts). */
export type BigInt = ColumnType<number, number, number>;
