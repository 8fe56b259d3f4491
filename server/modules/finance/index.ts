// The finance API (DESIGN §4): one module per resource, registered together.
import type { FastifyInstance } from 'fastify';
import { bankAccountsRoutes } from './bankAccounts.js';
import { categoriesRoutes } from './categories.js';
import { creditCardsRoutes } from './creditCards.js';
import { donorsRoutes } from './donors.js';
import { expensesRoutes } from './expenses.js';
import { incomesRoutes } from './incomes.js';
import { overviewRoutes } from './overview.js';
import { payablesRoutes } from './payables.js';
import { receiptRoutes } from './receipts.js';
import { transactionsRoutes } from './transactions.js';
import { vendorsRoutes } from './vendors.js';

export async function financeRoutes(app: FastifyInstance) {
  await app.register(vendorsRoutes);
  await app.register(donorsRoutes);
  await app.register(categoriesRoutes);
  await app.register(bankAccountsRoutes);
  await app.register(creditCardsRoutes);
  await app.register(incomesRoutes);
  await app.register(expensesRoutes);
  // Its own plugin: the raw-bytes body parser stays inside it.
  await app.register(receiptRoutes);
  await app.register(payablesRoutes);
  await app.register(transactionsRoutes);
  await app.register(overviewRoutes);
}

export { financeSummary } from './overviewService.js';
