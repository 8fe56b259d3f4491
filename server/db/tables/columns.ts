// Column types shared by the tables: what each dialect stores, read and written as one type.
import type { ColumnType } from 'kysely';

/** Stored as 0/1 by SQLite and as boolean by PostgreSQL; written as boolean. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** Integer that PostgreSQL's bigint may carry: always read as a number (see dialect.ts). */
export type BigInt = ColumnType<number, number, number>;

/** The address of a member, the church, a vendor or a donor (domain/fields' addressFields). */
export interface AddressColumns {
  zip_code: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
}

/** The congregation a row belongs to (migration 0010): written without one, the sede's. */
export type CongregationRef = ColumnType<number, number | undefined, number>;
