// The family's ficha (issue 28): the household as its reader may see it, drawn with the church's
// letterhead (server/pdf/familyFicha.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../http/scope.js';
import { familyFichaPdf } from '../../pdf/familyFicha.js';
import { loadFamily } from './people.js';

export async function familyFicha(db: Kysely<Database>, id: number, rights: Scope) {
  const family = await loadFamily(db, id, rights);
  const church = await db
    .selectFrom('church')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const pdf = await familyFichaPdf({ church, family, people: family.people });
  return { family, pdf };
}
