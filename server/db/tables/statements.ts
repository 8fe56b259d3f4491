// Bank statements (migration 0022): OFX files imported on an account, their lines and what each
// line was reconciled with, and the category memory by description.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BigInt } from './columns.js';

export interface BankStatementsTable {
  id: Generated<number>;
  bank_account_id: number;
  file_name: string | null;
  bank_id: string | null;
  account_id: string | null;
  start_date: string | null;
  end_date: string | null;
  ledger_balance_cents: BigInt | null;
  ledger_balance_date: string | null;
  available_balance_cents: BigInt | null;
  line_count: number;
  new_count: number;
  user_id: number | null;
  created_at: string;
}
export type BankStatement = Selectable<BankStatementsTable>;
export type NewBankStatement = Insertable<BankStatementsTable>;
export type BankStatementUpdate = Updateable<BankStatementsTable>;

export interface StatementLinesTable {
  id: Generated<number>;
  bank_account_id: number;
  statement_id: number;
  line_key: string;
  fitid: string | null;
  trn_type: string | null;
  date: string;
  amount_cents: BigInt;
  description: string;
  name: string | null;
  memo: string | null;
  check_number: string | null;
  words: string;
  status: string;
  reconciled_how: string | null;
  transaction_id: number | null;
  payable_id: number | null;
  reconciled_at: string | null;
  reconciled_by: number | null;
  created_at: string;
}
export type StatementLine = Selectable<StatementLinesTable>;
export type NewStatementLine = Insertable<StatementLinesTable>;
export type StatementLineUpdate = Updateable<StatementLinesTable>;

export interface StatementCategoriesTable {
  kind: string;
  words: string;
  category_id: number;
  updated_at: string;
}
