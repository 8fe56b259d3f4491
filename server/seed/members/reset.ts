// `seed --reset`: deletes every member, department, custom field, credential, letter and consent
// record; the data subjects' requests stay in their register, without the member.
import type BetterSqlite3 from 'better-sqlite3';
import type { AppDatabase } from '../../db/index.js';
import { derivedDataTriggers, rebuildDerived } from './derivedData.js';

export class SeedRefused extends Error {}

export async function resetMembers(database: AppDatabase) {
  if (database.sqlite) return resetSqlite(database.sqlite);
  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('letters').execute();
    await trx.deleteFrom('credentials').execute();
    await trx.deleteFrom('document_counters').execute();
    await trx.deleteFrom('member_departments').execute();
    await trx.deleteFrom('departments').execute();
    await trx.deleteFrom('member_consents').execute();
    await trx.updateTable('privacy_requests').set({ member_id: null }).execute();
    await trx.deleteFrom('members').execute();
    await trx.deleteFrom('custom_fields').execute();
  });
}

/**
 * SQLite: deleting 200,000 rows one by one through the full-text triggers and foreign key
 * checks takes half a minute; without them SQLite truncates the tables at once. Foreign keys
 * are checked for the whole database before committing, so a table that still points at
 * members (a later feature's) makes the reset fail instead of leaving rows dangling.
 */
function resetSqlite(raw: BetterSqlite3.Database) {
  const foreignKeys = raw.pragma('foreign_keys', { simple: true });
  raw.pragma('foreign_keys = OFF');
  try {
    raw.transaction(() => {
      const triggers = derivedDataTriggers(raw);
      for (const trigger of triggers) raw.exec(`drop trigger "${trigger.name}"`);
      raw.exec('update privacy_requests set member_id = null');
      for (const table of [
        'letters',
        'credentials',
        'document_counters',
        'member_departments',
        'departments',
        'member_consents',
        'members',
        'custom_fields',
      ]) {
        raw.exec(`delete from ${table}`);
      }
      rebuildDerived(raw);
      const dangling = raw.pragma('foreign_key_check') as Array<{ table: string }>;
      if (dangling.length > 0) {
        throw new SeedRefused(
          `Não foi possível apagar os membros: a tabela ${dangling[0].table} ainda se refere a eles.`,
        );
      }
      for (const trigger of triggers) raw.exec(trigger.sql);
    })();
  } finally {
    raw.pragma(`foreign_keys = ${Number(foreignKeys) ? 'ON' : 'OFF'}`);
  }
}
