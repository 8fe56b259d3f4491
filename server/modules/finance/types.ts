import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The database, or a transaction on it: the finance writes run inside one. */
export type Db = Kysely<Database> | Transaction<Database>;
