// /api/donors: the people and entities who give (contribuintes), optionally a member.
import type { FastifyInstance } from 'fastify';
import { donorSchema } from '../../../domain/finance/schemas.js';
import { plural } from '../../../domain/text.js';
import { inScope } from '../../http/scope.js';
import { partyRoutes } from './parties.js';
import { referenceCount } from './references.js';

export async function donorsRoutes(app: FastifyInstance) {
  partyRoutes(app, {
    api: 'donors',
    noun: 'contribuinte',
    notFound: 'Contribuinte não encontrado.',
    schema: donorSchema,
    references: ['member_id'],
    // The member linked must be one the user may see: a member of another congregation is as
    // absent as one that does not exist (one answer, no oracle; issue 22). A link already
    // stored stays through other changes.
    async check(db, donor, errors, { actor, stored }) {
      if (!donor.member_id || donor.member_id === stored?.member_id) return;
      const member = await inScope(
        db
          .selectFrom('members')
          .select('id')
          .where('id', '=', donor.member_id as number),
        'congregation_id',
        actor.rights,
      ).executeTakeFirst();
      if (!member) errors.member_id ??= 'Membro não encontrado.';
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
