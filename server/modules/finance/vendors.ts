// /api/vendors: the church's suppliers (fornecedores), with their PIX key.
import type { FastifyInstance } from 'fastify';
import { vendorSchema } from '../../../domain/finance/schemas.js';
import { plural } from '../../../domain/text.js';
import { inScope } from '../../http/scope.js';
import { partyRoutes } from './parties.js';
import { referenceCount } from './references.js';

export async function vendorsRoutes(app: FastifyInstance) {
  partyRoutes(app, {
    api: 'vendors',
    noun: 'fornecedor',
    notFound: 'Fornecedor não encontrado.',
    schema: vendorSchema,
    references: [],
    yearly: (db, id, view) =>
      inScope(
        db.selectFrom('expenses').select(['date', 'amount_cents']).where('vendor_id', '=', id),
        'congregation_id',
        view,
      ).execute(),
    async inUse(db, id) {
      const count = await referenceCount(db, 'expenses', 'vendor_id', id);
      return count > 0
        ? `Este fornecedor tem ${plural(count, 'despesa lançada', 'despesas lançadas')}: ` +
            'não pode ser excluído. Mude o fornecedor dessas despesas antes.'
        : null;
    },
  });
}
