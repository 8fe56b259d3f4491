// What every finance generator shares: the random stream, the ids, the writer, today, the
// categories by name, and the movements (transactions) that every money event leaves.
import type { NewFinanceTransaction } from '../../db/schema.js';
import type { Random } from './random.js';
import type { Ids, Writer } from './writer.js';

export class FinanceLedger {
  /** Transactions written so far, for the progress lines. */
  transactions = 0;

  constructor(
    readonly rand: Random,
    readonly ids: Ids,
    readonly writer: Writer,
    /** YYYY-MM-DD in the church's time zone. */
    readonly today: string,
    /** When the seed runs: the creation time of accounts, cards and parties. */
    readonly now: string,
    private readonly categories: Map<string, number>,
  ) {}

  /** The creation time of a record of that day. */
  stamp(date: string): string {
    return `${date}T12:00:00.000Z`;
  }

  category(name: string): number {
    const id = this.categories.get(name);
    if (!id) throw new Error(`Categoria ${name} não encontrada: rode as migrações.`);
    return id;
  }

  /** A transaction whose id was chosen beforehand (a payment the payable already points at). */
  async addTransaction(row: NewFinanceTransaction) {
    this.transactions += 1;
    await this.writer.add('transactions', row);
  }

  /** A new transaction; its id. */
  async movement(row: Omit<NewFinanceTransaction, 'id' | 'created_at'>): Promise<number> {
    const id = this.ids.next('transactions');
    this.transactions += 1;
    await this.writer.add('transactions', {
      id,
      linked_id: null,
      income_id: null,
      expense_id: null,
      payable_id: null,
      category_id: null,
      ...row,
      created_at: this.stamp(String(row.date)),
    });
    return id;
  }
}
