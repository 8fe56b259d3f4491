// The finance module's door (DESIGN §1): its routes, one file per resource registered together,
// and the services the bank statements reconcile through.
import type { FastifyInstance } from 'fastify';
import { accountingExportRoutes } from './accountingExport.js';
import { bankAccountsRoutes } from './bankAccounts.js';
import { budgetsRoutes } from './budgets.js';
import { categoriesRoutes } from './categories.js';
import { creditCardsRoutes } from './creditCards.js';
import { donorsRoutes } from './donors.js';
import { donorStatementsRoutes } from './donorStatements.js';
import { expensesRoutes } from './expenses.js';
import { fundsRoutes } from './funds.js';
import { incomesRoutes } from './incomes.js';
import { overviewRoutes } from './overview.js';
import { payablesRoutes } from './payables.js';
import { periodsRoutes } from './periods.js';
import { pixRoutes } from './pix.js';
import { receiptRoutes } from './receipts.js';
import { transactionsRoutes } from './transactions.js';
import { vendorsRoutes } from './vendors.js';

export async function financeRoutes(app: FastifyInstance) {
  await app.register(vendorsRoutes);
  await app.register(donorsRoutes);
  await app.register(donorStatementsRoutes);
  await app.register(categoriesRoutes);
  await app.register(fundsRoutes);
  await app.register(bankAccountsRoutes);
  await app.register(creditCardsRoutes);
  await app.register(incomesRoutes);
  await app.register(expensesRoutes);
  // Its own plugin: the raw-bytes body parser stays inside it.
  await app.register(receiptRoutes);
  await app.register(payablesRoutes);
  await app.register(transactionsRoutes);
  await app.register(overviewRoutes);
  await app.register(pixRoutes);
  await app.register(periodsRoutes);
  await app.register(budgetsRoutes);
  await app.register(accountingExportRoutes);
}

export { financeSummary } from './overviewService.js';
export type { Db } from './types.js';
export { bankAccountService, toApiAccount } from './bankAccountService.js';
export { expenseService } from './expenseService.js';
export { throughClosedMonths } from './periodService.js';
export { incomeService } from './incomeService.js';
export { balancesBefore, journal, ledgerAccounts, monthTotals } from './journal.js';
export { priorTo, resultSums, resultTotals } from './monthResults.js';
export { transactionService } from './transactionService.js';
export { ensurePayableWritable, payableService, toApiPayable } from './payableService.js';
export { lockPayable, payPayable } from './payments.js';
export { type FieldErrors, checkAccount, checkCategory, findRecord } from './references.js';
export {
  accountIn,
  congregationFilter,
  congregationFor,
  ensureAccountsUsable,
  payableIn,
  scoped,
  withCongregationNames,
} from './scope.js';
