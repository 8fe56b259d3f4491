import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import { generatePassword, insertUser } from './modules/users/index.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@adam.local';

/** On an empty users table, creates the first admin; a generated password is printed once. */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  print: (line: string) => void = console.log,
): Promise<void> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = config.adminPassword ?? generatePassword();
  await insertUser(db, { name: 'Administrador', email, password, roles: ['admin'] });
  print('');
  print('Primeiro administrador criado:');
  print(`  e-mail: ${email}`);
  if (config.adminPassword) {
    print('  senha:  a de ADMIN_PASSWORD');
  } else {
    print(`  senha:  ${password}`);
    print('  Anote esta senha agora: ela não será mostrada de novo.');
  }
  print('');
}
