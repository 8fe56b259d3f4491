// The counts of a culto's offering (migration 0028): the count, its counters, lines, cash by
// notes and coins, and the incomes its closing wrote.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BigInt } from './columns.js';

export interface OfferingCountsTable {
  id: Generated<number>;
  congregation_id: number;
  date: string;
  service_name: string;
  bank_account_id: number;
  notes: string | null;
  status: string;
  adjusts_id: number | null;
  total_cents: BigInt;
  depositable_cents: BigInt;
  closed_at: string | null;
  closed_by: number | null;
  closed_by_name: string | null;
  deposited_cents: BigInt | null;
  deposited_on: string | null;
  deposit_difference_cents: BigInt | null;
  /** Where a caixa's cash went (migration 0036), and the movements the deposit wrote. */
  deposit_account_id: number | null;
  deposit_transaction_id: number | null;
  deposit_adjustment_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export type OfferingCount = Selectable<OfferingCountsTable>;
export type NewOfferingCount = Insertable<OfferingCountsTable>;
export type OfferingCountUpdate = Updateable<OfferingCountsTable>;

export interface OfferingCountCountersTable {
  id: Generated<number>;
  count_id: number;
  position: number;
  user_id: number | null;
  member_id: number | null;
  name: string;
}
export type OfferingCountCounter = Selectable<OfferingCountCountersTable>;

export interface OfferingCountLinesTable {
  id: Generated<number>;
  count_id: number;
  position: number;
  method: string;
  category_id: number;
  donor_id: number | null;
  envelope: string | null;
  amount_cents: BigInt;
}
export type OfferingCountLine = Selectable<OfferingCountLinesTable>;

export interface OfferingCountCashTable {
  count_id: number;
  denomination_cents: number;
  quantity: number;
}

export interface OfferingCountIncomesTable {
  count_id: number;
  income_id: number;
  amount_cents: BigInt;
}
