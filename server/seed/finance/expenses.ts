// The money going out each month: the bills (rent, water, energy, phone, the pastor's
// stipend, the accountant), due on the 10th, and everything else, mostly paid at once, some in
// instalments, some on the card. What is due is paid on the day: its payable and its movement.
import {
  addMonths,
  dateWithDay,
  installmentDueDates,
  splitAmount,
} from '../../../domain/finance/installments.js';
import { searchText } from '../../../domain/search.js';
import type { Accounts } from './accounts.js';
import type { Month } from './calendar.js';
import type { CardInvoices } from './cards.js';
import type { FinanceLedger } from './ledger.js';
import type { Vendor } from './parties.js';

export interface Bill {
  name: string;
  category: string;
  vendor: Vendor;
  base: number;
}

/** The monthly bills, each from one of the first vendors. */
export function billsOf(vendors: Vendor[]): Bill[] {
  return [
    { name: 'Aluguel do templo', category: 'Aluguel', vendor: vendors[0], base: 450_000 },
    { name: 'Conta de água', category: 'Água', vendor: vendors[1], base: 38_000 },
    { name: 'Conta de energia', category: 'Energia', vendor: vendors[2], base: 145_000 },
    {
      name: 'Telefone e internet',
      category: 'Telefone e internet',
      vendor: vendors[3],
      base: 29_990,
    },
    { name: 'Prebenda pastoral', category: 'Prebenda pastoral', vendor: vendors[4], base: 850_000 },
    { name: 'Contador', category: 'Impostos e taxas', vendor: vendors[5], base: 120_000 },
  ];
}

/** An expense paid from an account, in `count` instalments from `due`; paid when due is past. */
async function accountExpense(
  ledger: FinanceLedger,
  date: string,
  due: string,
  description: string,
  categoryName: string,
  vendor: Vendor | null,
  amount: number,
  count: number,
  accountId: number,
  method: string,
) {
  const { rand, ids, writer, today } = ledger;
  const id = ids.next('expenses');
  const categoryId = ledger.category(categoryName);
  const parts = splitAmount(amount, count);
  const dues = installmentDueDates(due, count);
  // What is due is paid on the day, except a few bills left overdue in the last months.
  const paidParts = dues.map(
    (dueDate) => dueDate <= today && !(dueDate > addMonths(today, -2) && rand.chance(0.03)),
  );
  const paid = paidParts.filter(Boolean).length;
  const status = paid === 0 ? 'pending' : paid === count ? 'paid' : 'partial';
  // The expense first: its instalments and movements point at it.
  await writer.add('expenses', {
    id,
    description,
    search: searchText(description),
    category_id: categoryId,
    vendor_id: vendor?.id ?? null,
    amount_cents: amount,
    date,
    due_date: due,
    installments: count,
    bank_account_id: accountId,
    credit_card_id: null,
    payment_method: method,
    status,
    paid_on: status === 'paid' ? dues[count - 1] : null,
    created_at: ledger.stamp(date),
    updated_at: ledger.stamp(date),
  });
  for (const [k, part] of parts.entries()) {
    const payableId = ids.next('accounts_payable');
    const isPaid = paidParts[k];
    const label = count > 1 ? `${description} (${k + 1}/${count})` : description;
    const transactionId = isPaid ? ids.next('transactions') : null;
    await writer.add('accounts_payable', {
      id: payableId,
      kind: 'installment',
      expense_id: id,
      installment: k + 1,
      installments: count,
      credit_card_id: null,
      closing_date: null,
      description: label,
      vendor_id: vendor?.id ?? null,
      category_id: categoryId,
      amount_cents: part,
      due_date: dues[k],
      status: isPaid ? 'paid' : 'pending',
      paid_on: isPaid ? dues[k] : null,
      paid_amount_cents: isPaid ? part : null,
      bank_account_id: accountId,
      transaction_id: transactionId,
      created_at: ledger.stamp(date),
      updated_at: ledger.stamp(date),
    });
    if (transactionId) {
      await ledger.addTransaction({
        id: transactionId,
        bank_account_id: accountId,
        date: dues[k],
        kind: 'expense',
        amount_cents: -part,
        category_id: categoryId,
        income_id: null,
        expense_id: id,
        payable_id: payableId,
        linked_id: null,
        description: vendor ? `${label} – ${vendor.name}` : label,
        created_at: ledger.stamp(dues[k]),
      });
    }
  }
}

export async function monthExpenses(
  ledger: FinanceLedger,
  accounts: Accounts,
  month: Month,
  bills: Bill[],
  vendors: Vendor[],
  others: number,
  card: CardInvoices,
) {
  const { rand } = ledger;
  const { checking, cash } = accounts;
  for (const bill of bills) {
    const amount = Math.round(bill.base * (0.85 + rand.next() * 0.3));
    const due = dateWithDay(month.year, month.month, 10);
    await accountExpense(
      ledger,
      month.start,
      due,
      bill.name,
      bill.category,
      bill.vendor,
      amount,
      1,
      checking,
      'boleto',
    );
  }
  for (let i = 0; i < others; i++) {
    const date = month.day();
    const vendor = rand.pick(vendors);
    const categoryName = rand.pick([
      'Manutenção',
      'Material de escritório',
      'Ação social',
      'Missões',
      'Outras despesas',
    ]);
    const description = rand.pick([
      'Compra de materiais',
      'Serviço de manutenção',
      'Cestas básicas',
      'Material de limpeza',
      'Impressos',
      'Lanche do evento',
      'Peças e reparos',
    ]);
    const roll = rand.next();
    if (roll < 0.85) {
      await accountExpense(
        ledger,
        date,
        date,
        description,
        categoryName,
        vendor,
        rand.money(20, 1500),
        1,
        rand.chance(0.7) ? checking : cash,
        rand.pick(['pix', 'cash', 'boleto', 'transfer']),
      );
    } else if (roll < 0.95) {
      const due = dateWithDay(month.year, month.month + 1, 10);
      await accountExpense(
        ledger,
        date,
        due,
        description,
        categoryName,
        vendor,
        rand.money(600, 9000),
        rand.int(2, 6),
        checking,
        'boleto',
      );
    } else {
      await card.purchase(
        date,
        description,
        categoryName,
        vendor,
        rand.money(50, 3000),
        rand.int(1, 3),
      );
    }
  }
}
