// /api/donors: the people and entities who give (contribuintes), optionally a member.
import type { FastifyInstance } from 'fastify';
import { donorSchema } from '../../../src/domain/finance/schemas.js';
import { partyRoutes, plural } from './parties.js';
import { checkExists } from './references.js';

export async function donorsRoutes(app: FastifyInstance) {
  partyRoutes(app, {
    api: 'donors',
    noun: 'contribuinte',
    notFound: 'Contribuinte não encontrado.',
    schema: donorSchema,
    filters: { member_id: 'member_id' },
    async check(db, donor, errors) {
      if (donor.member_id) {
        await checkExists(
          db,
          errors,
          'members',
          donor.member_id as number,
          'member_id',
          'Membro não encontrado.',
        );
      }
    },
    yearly: (db, id) =>
      db
        .selectFrom('incomes')
        .select(['date', 'amount_cents'])
        .where('donor_id', '=', id)
        .execute(),
    async inUse(db, id) {
      const { count } = await db
        .selectFrom('incomes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('donor_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(count) > 0
        ? `Este contribuinte tem ${plural(Number(count), 'receita lançada', 'receitas lançadas')}: ` +
            'não pode ser excluído.'
        : null;
    },
  });
}
