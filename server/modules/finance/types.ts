/** The database, or a transaction on it: the finance writes run inside one. */
export type { Executor as Db } from '../../db/executor.js';
