// What each congregation of a campo pays from its own accounts every month (issue 24): the water
// (Sabesp) and energy (Enel) of its temple and its dirigente's allowance, due on the 10th, and —
// in a month where nothing of it was paid yet (the current one before the 10th, a sede whose
// bills are not due yet) — cleaning material bought in cash at the neighbourhood supermarket, on
// a day up to today. So every congregation shows expenses every month on the financial
// overview, as a real one does. At the end of each month its cash box goes to its checking
// account (the deposit of the plates, as the sede does). The rows are written as the API writes
// them: the expense, its payable and its payment; a deposit's two linked movements.
import { sql } from 'kysely';
import { dateWithDay } from '../../../domain/finance/installments.js';
import { searchText } from '../../../domain/search.js';
import type { AppDatabase } from '../../db/index.js';
import type { NewAccountPayable, NewExpense, NewFinanceTransaction } from '../../db/schema.js';
import { monthAt } from './calendar.js';
import { random } from './random.js';
import { PG_ROWS_PER_INSERT } from './writer.js';

export interface LocalAccounts {
  name: string;
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
/** The monthly deposit of a cash box's offerings in the checking account (transfers.ts). */
export const DEPOSIT = 'Depósito das ofertas em dinheiro';

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
  const [waterCategory, energyCategory, upkeep, allowance] = (
    await Promise.all(
      ['Água', 'Energia', 'Manutenção', 'Prebenda pastoral'].map((name) =>
        idOf(database, 'finance_categories', name),
      ),
    )
  ).map((row) => row?.id);
  if (!waterCategory || !energyCategory || !upkeep || !allowance) {
    throw new Error('Categorias do financeiro não encontradas: rode as migrações.');
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
        bill('Ajuda de custo do dirigente', allowance, null, 150_000);
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
  await monthEnds(
    database,
    owners.filter((owner) => owner.kind !== 'sede'),
    owners.find((owner) => owner.kind === 'sede'),
    (index) => monthAt(firstMonth, index, today, rand),
    today,
  );
  return payments.length;
}

/** The share of its month's incomes a congregation sends the sede (its bills are the campo's). */
const SHARE_FOR_SEDE = 0.25;

/**
 * The month's last day (today in the current month) of each congregation: its cash box (the
 * plates, less what it bought in cash) deposited in its checking account, as the sede's is, and
 * its share of the month's incomes sent from there to the sede's checking account.
 */
async function monthEnds(
  database: AppDatabase,
  owners: LocalAccounts[],
  sede: LocalAccounts | undefined,
  monthOf: (index: number) => ReturnType<typeof monthAt>,
  today: string,
) {
  const { db } = database;
  const cashIds = owners.map((owner) => owner.cash);
  if (cashIds.length === 0) return;
  const rows = await db
    .selectFrom('transactions')
    .select(['bank_account_id', 'date', 'amount_cents'])
    .where('bank_account_id', 'in', cashIds)
    .execute();
  const net = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.bank_account_id}|${String(row.date).slice(0, 7)}`;
    net.set(key, (net.get(key) ?? 0) + Number(row.amount_cents));
  }
  const incomes = new Map<string, number>();
  for (const row of await db
    .selectFrom('incomes')
    .select((eb) => ['congregation_id', 'date', eb.fn.sum<number>('amount_cents').as('total')])
    .groupBy(['congregation_id', 'date'])
    .execute()) {
    const key = `${row.congregation_id}|${String(row.date).slice(0, 7)}`;
    incomes.set(key, (incomes.get(key) ?? 0) + Number(row.total));
  }
  let id = await nextId(database, 'transactions');
  const transfers: NewFinanceTransaction[] = [];
  const kept = new Map<number, number>();
  for (let m = 0; ; m++) {
    const month = monthOf(m);
    if (month.start > today) break;
    const date = dateWithDay(month.year, month.month, month.lastDay);
    for (const owner of owners) {
      const transfer = (from: number, to: number, amount: number, out: string, into: string) => {
        const [outId, inId] = [id++, id++];
        const row = {
          date,
          kind: 'transfer',
          category_id: null,
          income_id: null,
          expense_id: null,
          payable_id: null,
          created_at: `${date}T12:00:00.000Z`,
        };
        transfers.push(
          {
            ...row,
            id: outId,
            bank_account_id: from,
            amount_cents: -amount,
            description: out,
            linked_id: inId,
          },
          {
            ...row,
            id: inId,
            bank_account_id: to,
            amount_cents: amount,
            description: into,
            linked_id: outId,
          },
        );
      };
      const key = month.start.slice(0, 7);
      const held = (kept.get(owner.cash) ?? 0) + (net.get(`${owner.cash}|${key}`) ?? 0);
      kept.set(owner.cash, held);
      if (held > 0) {
        kept.set(owner.cash, 0);
        transfer(owner.cash, owner.checking, held, DEPOSIT, DEPOSIT);
      }
      const share = Math.round(
        (incomes.get(`${owner.congregationId}|${key}`) ?? 0) * SHARE_FOR_SEDE,
      );
      if (sede && share > 0) {
        transfer(owner.checking, sede.checking, share, 'Repasse à sede', `Repasse – ${owner.name}`);
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < transfers.length; i += PG_ROWS_PER_INSERT) {
      await trx
        .insertInto('transactions')
        .values(transfers.slice(i, i + PG_ROWS_PER_INSERT))
        .execute();
    }
  });
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
