// What each congregation of a campo pays from its own accounts every month (issue 24): the water
// (Sabesp) and energy (Enel) of its temple, due on the 10th, and — in a month where nothing of it
// was paid yet (the current one before the 10th, a sede whose bills are not due yet) — cleaning
// material bought in cash at the neighbourhood supermarket, on a day up to today. So every
// congregation shows expenses every month on the financial overview, as a real one does.
// The rows are written as the API writes them: the expense, its payable and its payment.
import { sql } from 'kysely';
import { dateWithDay } from '../../../domain/finance/installments.js';
import { searchText } from '../../../domain/search.js';
import type { AppDatabase } from '../../db/index.js';
import type { NewAccountPayable, NewExpense, NewFinanceTransaction } from '../../db/schema.js';
import { monthAt } from './calendar.js';
import { random } from './random.js';
import { PG_ROWS_PER_INSERT } from './writer.js';

export interface LocalAccounts {
  congregationId: number;
  kind: 'sede' | 'subsede' | 'congregacao';
  /** Its share of the members: the bills grow with it. */
  share: number;
  checking: number;
  cash: number;
}

const WATER = 'Sabesp – Companhia de Saneamento Básico do Estado de São Paulo';
const ENERGY = 'Enel Distribuição São Paulo';
const CLEANING = 'Material de limpeza';

interface Payment {
  account: number;
  congregationId: number;
  description: string;
  category: number;
  vendor: { id: number; name: string } | null;
  amount: number;
  /** The expense's date (the bill's issue), its due date, and whether it is paid on that day. */
  date: string;
  due: string;
  paid: boolean;
  method: string;
}

/** Each (congregation, month) with an expense paid from its accounts already. */
async function monthsPaid(database: AppDatabase) {
  const rows = await database.db
    .selectFrom('transactions')
    .innerJoin('bank_accounts', 'bank_accounts.id', 'transactions.bank_account_id')
    .select(['bank_accounts.congregation_id', 'transactions.date'])
    .where('transactions.kind', '=', 'expense')
    .distinct()
    .execute();
  return new Set(rows.map((row) => `${row.congregation_id}|${String(row.date).slice(0, 7)}`));
}

async function idOf(database: AppDatabase, table: 'vendors' | 'finance_categories', name: string) {
  const row = await database.db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ?? null;
}

export async function payLocalBills(
  database: AppDatabase,
  owners: LocalAccounts[],
  options: { firstMonth: string; today: string; seed: number },
): Promise<number> {
  const { db } = database;
  const { firstMonth, today } = options;
  const rand = random(options.seed);
  const [water, energy, supermarket] = await Promise.all([
    idOf(database, 'vendors', WATER),
    idOf(database, 'vendors', ENERGY),
    db
      .selectFrom('vendors')
      .select(['id', 'name'])
      .where('name', 'like', 'Supermercado %')
      .orderBy('id')
      .executeTakeFirst(),
  ]);
  const [waterCategory, energyCategory, upkeep] = (
    await Promise.all(
      ['Água', 'Energia', 'Manutenção'].map((name) => idOf(database, 'finance_categories', name)),
    )
  ).map((row) => row?.id);
  if (!waterCategory || !energyCategory || !upkeep) {
    throw new Error('Categorias Água, Energia e Manutenção não encontradas: rode as migrações.');
  }
  const paidAlready = await monthsPaid(database);
  const average = owners.reduce((sum, owner) => sum + owner.share, 0) / owners.length;

  const payments: Payment[] = [];
  for (let m = 0; ; m++) {
    const month = monthAt(firstMonth, m, today, rand);
    if (month.start > today) break;
    const key = month.start.slice(0, 7);
    const due = dateWithDay(month.year, month.month, 10);
    for (const owner of owners) {
      // Bigger temples spend more, but not in proportion to their members.
      const size = Math.min(3, Math.max(0.5, Math.sqrt(owner.share / average)));
      const bill = (
        description: string,
        category: number,
        vendor: Payment['vendor'],
        base: number,
      ) =>
        payments.push({
          account: owner.checking,
          congregationId: owner.congregationId,
          description,
          category,
          vendor,
          amount: Math.round(base * size * (0.8 + rand.next() * 0.4)),
          date: month.start,
          due,
          paid: due <= today,
          method: 'boleto',
        });
      // The sede's own bills are among the church's (expenses.ts).
      if (owner.kind !== 'sede') {
        bill('Conta de água', waterCategory, water, 12_000);
        bill('Conta de energia', energyCategory, energy, 28_000);
      }
      const paid =
        paidAlready.has(`${owner.congregationId}|${key}`) ||
        (owner.kind !== 'sede' && due <= today);
      if (!paid) {
        const day = month.day();
        payments.push({
          account: owner.cash,
          congregationId: owner.congregationId,
          description: CLEANING,
          category: upkeep,
          vendor: supermarket ?? null,
          amount: rand.money(40, 260),
          date: day,
          due: day,
          paid: true,
          method: 'cash',
        });
      }
    }
  }
  await write(database, payments);
  return payments.length;
}

async function nextId(
  database: AppDatabase,
  table: 'expenses' | 'accounts_payable' | 'transactions',
) {
  const { rows } = await sql<{
    id: number | string | null;
  }>`select max(id) as id from ${sql.table(table)}`.execute(database.db);
  return Number(rows[0]?.id ?? 0) + 1;
}

async function write(database: AppDatabase, payments: Payment[]) {
  const { db } = database;
  let expenseId = await nextId(database, 'expenses');
  let payableId = await nextId(database, 'accounts_payable');
  let transactionId = await nextId(database, 'transactions');
  const expenses: NewExpense[] = [];
  const payables: NewAccountPayable[] = [];
  const transactions: NewFinanceTransaction[] = [];
  for (const p of payments) {
    const stamp = `${p.date}T12:00:00.000Z`;
    const paidOn = p.paid ? p.due : null;
    const expense = expenseId++;
    const payable = payableId++;
    const transaction = p.paid ? transactionId++ : null;
    expenses.push({
      id: expense,
      congregation_id: p.congregationId,
      description: p.description,
      search: searchText(p.description),
      category_id: p.category,
      vendor_id: p.vendor?.id ?? null,
      amount_cents: p.amount,
      date: p.date,
      due_date: p.due,
      installments: 1,
      bank_account_id: p.account,
      credit_card_id: null,
      payment_method: p.method,
      status: p.paid ? 'paid' : 'pending',
      paid_on: paidOn,
      created_at: stamp,
      updated_at: stamp,
    });
    payables.push({
      id: payable,
      congregation_id: p.congregationId,
      kind: 'installment',
      expense_id: expense,
      installment: 1,
      installments: 1,
      credit_card_id: null,
      closing_date: null,
      description: p.description,
      vendor_id: p.vendor?.id ?? null,
      category_id: p.category,
      amount_cents: p.amount,
      due_date: p.due,
      status: p.paid ? 'paid' : 'pending',
      paid_on: paidOn,
      paid_amount_cents: p.paid ? p.amount : null,
      bank_account_id: p.account,
      transaction_id: transaction,
      created_at: stamp,
      updated_at: stamp,
    });
    if (transaction !== null) {
      transactions.push({
        id: transaction,
        bank_account_id: p.account,
        date: p.due,
        kind: 'expense',
        amount_cents: -p.amount,
        category_id: p.category,
        income_id: null,
        expense_id: expense,
        payable_id: payable,
        linked_id: null,
        description: p.vendor ? `${p.description} – ${p.vendor.name}` : p.description,
        created_at: `${p.due}T12:00:00.000Z`,
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < expenses.length; i += PG_ROWS_PER_INSERT) {
      await trx
        .insertInto('expenses')
        .values(expenses.slice(i, i + PG_ROWS_PER_INSERT))
        .execute();
    }
    for (let i = 0; i < payables.length; i += PG_ROWS_PER_INSERT) {
      await trx
        .insertInto('accounts_payable')
        .values(payables.slice(i, i + PG_ROWS_PER_INSERT))
        .execute();
    }
    for (let i = 0; i < transactions.length; i += PG_ROWS_PER_INSERT) {
      await trx
        .insertInto('transactions')
        .values(transactions.slice(i, i + PG_ROWS_PER_INSERT))
        .execute();
    }
  });
}
