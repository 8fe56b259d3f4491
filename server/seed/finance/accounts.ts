// The church's bank accounts (a checking account, the treasury's cash, savings, missions) and
// its credit card, paid from the checking account.
import type { FinanceLedger } from './ledger.js';

export interface Accounts {
  checking: number;
  cash: number;
  savings: number;
  missions: number;
}

export interface Card {
  id: number;
  name: string;
  last_digits: string;
}

export const CARD_DAYS = { closing_day: 5, due_day: 15 };

export async function openAccounts(
  ledger: FinanceLedger,
  openingDate: string,
): Promise<{ accounts: Accounts; card: Card }> {
  const { rand, ids, writer, now } = ledger;
  const account = async (name: string, kind: string, bank: string | null, opening: number) => {
    const id = ids.next('bank_accounts');
    await writer.add('bank_accounts', {
      id,
      name,
      kind,
      bank,
      agency: bank ? `${rand.int(1000, 9999)}-${rand.int(0, 9)}` : null,
      account_number: bank ? `${rand.int(10000, 99999)}-${rand.int(0, 9)}` : null,
      opening_balance_cents: opening,
      opening_date: openingDate,
      balance_cents: opening,
      active: true,
      created_at: now,
      updated_at: now,
    });
    return id;
  };
  const checking = await account(
    'Conta corrente principal',
    'checking',
    'Banco do Brasil',
    2_000_000,
  );
  const cash = await account('Caixa da tesouraria', 'cash', null, 50_000);
  const savings = await account('Poupança', 'savings', 'Caixa Econômica Federal', 1_000_000);
  const missions = await account('Conta de missões', 'checking', 'Bradesco', 300_000);
  const card = { id: ids.next('credit_cards'), name: 'Cartão da tesouraria', last_digits: '4321' };
  await writer.add('credit_cards', {
    ...card,
    brand: 'Mastercard',
    ...CARD_DAYS,
    limit_cents: 2_000_000,
    bank_account_id: checking,
    active: true,
    created_at: now,
    updated_at: now,
  });
  return { accounts: { checking, cash, savings, missions }, card };
}
