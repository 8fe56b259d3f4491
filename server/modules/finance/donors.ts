// /api/donors: the people and entities who give (contribuintes), optionally a member.
import type { FastifyInstance } from 'fastify';
import { donorSchema } from '../../../domain/finance/schemas.js';
import { plural } from '../../../domain/text.js';
import { inScope } from '../../http/scope.js';
import { partyRoutes } from './parties.js';
import { checkExists, referenceCount } from './references.js';

export async function donorsRoutes(app: FastifyInstance) {
  partyRoutes(app, {
    api: 'donors',
    noun: 'contribuinte',
    notFound: 'Contribuinte não encontrado.',
    schema: donorSchema,
    references: ['member_id'],
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
    yearly: (db, id, view) =>
      inScope(
        db.selectFrom('incomes').select(['date', 'amount_cents']).where('donor_id', '=', id),
        'congregation_id',
        view,
      ).execute(),
    async inUse(db, id) {
      const count = await referenceCount(db, 'incomes', 'donor_id', id);
      return count > 0
        ? `Este contribuinte tem ${plural(count, 'receita lançada', 'receitas lançadas')}: ` +
            'não pode ser excluído.'
        : null;
    },
  });
}
