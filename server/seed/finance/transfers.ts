// Money moved between the church's accounts: the month's cash deposited in the checking
// account, and the monthly share for missions and savings. A transfer is two linked movements.
import { dateWithDay } from '../../../domain/finance/installments.js';
import type { Accounts } from './accounts.js';
import type { Month } from './calendar.js';
import type { FinanceLedger } from './ledger.js';

async function transfer(
  ledger: FinanceLedger,
  date: string,
  from: number,
  to: number,
  amount: number,
  descriptions: { in: string; out: string },
) {
  const outId = ledger.ids.next('transactions');
  const inId = await ledger.movement({
    bank_account_id: to,
    date,
    kind: 'transfer',
    amount_cents: amount,
    description: descriptions.in,
    linked_id: outId,
  });
  await ledger.addTransaction({
    id: outId,
    bank_account_id: from,
    date,
    kind: 'transfer',
    amount_cents: -amount,
    description: descriptions.out,
    linked_id: inId,
    category_id: null,
    income_id: null,
    expense_id: null,
    payable_id: null,
    created_at: ledger.stamp(date),
  });
}

export async function monthTransfers(
  ledger: FinanceLedger,
  accounts: Accounts,
  month: Month,
  cashOfMonth: number,
) {
  const { rand } = ledger;
  if (cashOfMonth > 0) {
    const deposit = 'Depósito das ofertas em dinheiro';
    const date = dateWithDay(month.year, month.month, Math.min(month.lastDay, 28));
    await transfer(ledger, date, accounts.cash, accounts.checking, cashOfMonth, {
      in: deposit,
      out: deposit,
    });
  }
  for (const [to, label, amount] of [
    [accounts.missions, 'Repasse para missões', rand.money(1000, 8000)],
    [accounts.savings, 'Reserva na poupança', rand.money(500, 5000)],
  ] as const) {
    const date = dateWithDay(month.year, month.month, Math.min(month.lastDay, 20));
    await transfer(ledger, date, accounts.checking, to, amount, {
      in: 'Transferência de Conta corrente principal',
      out: label,
    });
  }
}
