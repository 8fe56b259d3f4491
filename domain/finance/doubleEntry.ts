// The double-entry mapping (issue 27): each money fact of the books as one journal entry — date,
// debit account, credit account, amount, histórico, cost centre (congregation). The cash side
// always comes from the bank movements (`transactions`), so every bank account's ledger account
// is exactly its statement; expenses are recognised when incurred (competência):
//   income received      D the bank's account        C the income account (its category)
//   expense incurred     D the expense account       C contas a pagar (cartões, on a card)
//   payment              D contas a pagar (cartões)  C the bank's account
//   transfer             D the receiving bank        C the paying bank (between two
//                        congregations, through 1.3 Transferências em trânsito, so each cost
//                        centre balances on its own)
//   adjustment           D the bank                  C fundo social (reversed when negative)
//   opening balance      D the bank                  C fundo social
// A movement with a negative amount (a count lowered, a refund) swaps debit and credit.

/** The accounts the mapping needs besides the categories (their roles, migration 0043). */
export interface LedgerAccounts {
  /** The asset account of a bank account. */
  bank(bankAccountId: number): number;
  payables: number;
  cards: number;
  equity: number;
  transit: number;
}

/** A cash movement of a bank account, with what it is of. */
export interface MovementFact {
  source: 'movement';
  date: string;
  description: string;
  amount_cents: number;
  kind: 'income' | 'expense' | 'transfer' | 'adjustment';
  bank_account_id: number;
  /** The bank account's congregation: the cost centre of a cash movement. */
  congregation_id: number;
  /** An income's category. */
  category_id: number | null;
  /** A payment of a card's invoice (cartões), not of a bill (contas a pagar). */
  invoice: boolean;
  /** A transfer's other side. */
  linked: { bank_account_id: number; congregation_id: number } | null;
}

/** An expense, when incurred (its date), for its whole amount. */
export interface ExpenseFact {
  source: 'expense';
  date: string;
  description: string;
  amount_cents: number;
  category_id: number;
  congregation_id: number;
  on_card: boolean;
}

/** A bank account's opening balance, on its opening date. */
export interface OpeningFact {
  source: 'opening';
  date: string;
  description: string;
  amount_cents: number;
  bank_account_id: number;
  congregation_id: number;
}

export type MoneyFact = MovementFact | ExpenseFact | OpeningFact;

export interface JournalEntry {
  date: string;
  debit: number;
  credit: number;
  /** Positive centavos. */
  amount_cents: number;
  history: string;
  congregation_id: number;
}

/** The entries of one fact: one, two for a transfer between congregations, none for nothing. */
export function journalEntries(fact: MoneyFact, accounts: LedgerAccounts): JournalEntry[] {
  const entry = (debit: number, credit: number, amount: number, congregation_id: number) =>
    amount === 0
      ? []
      : [
          amount > 0
            ? { debit, credit, amount_cents: amount }
            : { debit: credit, credit: debit, amount_cents: -amount },
        ].map((sides) => ({
          ...sides,
          date: fact.date,
          history: fact.description,
          congregation_id,
        }));

  if (fact.source === 'expense') {
    const owed = fact.on_card ? accounts.cards : accounts.payables;
    return entry(fact.category_id, owed, fact.amount_cents, fact.congregation_id);
  }
  const bank = accounts.bank(fact.bank_account_id);
  if (fact.source === 'opening') {
    return entry(bank, accounts.equity, fact.amount_cents, fact.congregation_id);
  }
  switch (fact.kind) {
    case 'income':
      if (fact.category_id === null) throw new Error('Receita sem categoria.');
      return entry(bank, fact.category_id, fact.amount_cents, fact.congregation_id);
    case 'expense':
      return entry(
        bank,
        fact.invoice ? accounts.cards : accounts.payables,
        fact.amount_cents,
        fact.congregation_id,
      );
    case 'adjustment':
      return entry(bank, accounts.equity, fact.amount_cents, fact.congregation_id);
    case 'transfer': {
      const other = fact.linked;
      if (other === null || other.congregation_id !== fact.congregation_id) {
        // Each side on its own, through the transit account.
        return entry(bank, accounts.transit, fact.amount_cents, fact.congregation_id);
      }
      // Within one congregation: one entry, written by the receiving side.
      return fact.amount_cents > 0
        ? entry(bank, accounts.bank(other.bank_account_id), fact.amount_cents, fact.congregation_id)
        : [];
    }
  }
}
