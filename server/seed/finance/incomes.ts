// The money coming in each month: tithes from most donors, offerings by PIX during the month,
// and the plates of each service (Sundays and Wednesdays), in cash. Each income has its
// movement, as the API writes it.
import { dateWithDay } from '../../../domain/finance/installments.js';
import type { Accounts } from './accounts.js';
import type { Month } from './calendar.js';
import type { FinanceLedger } from './ledger.js';
import type { Donor } from './parties.js';

async function income(
  ledger: FinanceLedger,
  accounts: Accounts,
  date: string,
  categoryName: string,
  donor: Donor | null,
  amount: number,
  viaCash: boolean,
  description: string | null,
) {
  const { rand, ids, writer } = ledger;
  const id = ids.next('incomes');
  const categoryId = ledger.category(categoryName);
  const accountId = viaCash ? accounts.cash : accounts.checking;
  await writer.add('incomes', {
    id,
    description,
    category_id: categoryId,
    donor_id: donor?.id ?? null,
    amount_cents: amount,
    date,
    bank_account_id: accountId,
    payment_method: viaCash ? 'cash' : rand.chance(0.85) ? 'pix' : 'transfer',
    created_at: ledger.stamp(date),
    updated_at: ledger.stamp(date),
  });
  await ledger.movement({
    bank_account_id: accountId,
    date,
    kind: 'income',
    amount_cents: amount,
    category_id: categoryId,
    income_id: id,
    description: description ?? (donor ? `${categoryName} – ${donor.name}` : categoryName),
  });
}

/** The month's incomes; the cash the plates collected (deposited at the end of the month). */
export async function monthIncomes(
  ledger: FinanceLedger,
  accounts: Accounts,
  month: Month,
  donors: Donor[],
  offerings: number,
): Promise<number> {
  const { rand } = ledger;
  for (const donor of donors) {
    if (!rand.chance(0.9)) continue;
    const amount = Math.max(500, Math.round(donor.tithe * (0.9 + rand.next() * 0.2)));
    await income(ledger, accounts, month.day(), 'Dízimos', donor, amount, rand.chance(0.2), null);
  }
  for (let i = 0; i < offerings; i++) {
    const roll = rand.next();
    const name = roll < 0.7 ? 'Ofertas' : roll < 0.9 ? 'Ofertas missionárias' : 'Campanhas';
    await income(
      ledger,
      accounts,
      month.day(),
      name,
      rand.chance(0.6) ? rand.pick(donors) : null,
      rand.money(5, 500),
      false,
      null,
    );
  }
  let cash = 0;
  for (let d = 1; d <= month.lastDay; d++) {
    const weekday = new Date(Date.UTC(month.year, month.month - 1, d)).getUTCDay();
    if (weekday !== 0 && weekday !== 3) continue;
    const date = dateWithDay(month.year, month.month, d);
    const service = weekday === 0 ? 'Culto de domingo' : 'Culto de quarta-feira';
    const plate = rand.money(300, 4000);
    cash += plate;
    await income(ledger, accounts, date, 'Ofertas', null, plate, true, service);
    if (rand.chance(0.4))
      await income(
        ledger,
        accounts,
        date,
        'Ofertas missionárias',
        null,
        rand.money(50, 800),
        true,
        service,
      );
    if (weekday === 0 && rand.chance(0.15))
      await income(ledger, accounts, date, 'Eventos', null, rand.money(100, 2000), true, service);
  }
  return cash;
}
