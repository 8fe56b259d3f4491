import type { ColumnType, Generated } from 'kysely';

/** Stored as 0/1 by SQLite and as boolean by PostgreSQL; written as boolean. */
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** Integer that PostgreSQL's bigint may carry: always read as a number (see dialect.ts). */
export type BigInt = ColumnType<number, number, number>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_digest: string;
  /** JSON array of role names. */
  roles: string;
  search: string;
  active: Bool;
  created_at: string;
  updated_at: string;
}

/** One row per signed-in client (device) of a user: devise_token_auth's `tokens[client]`. */
export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  client: string;
  token_digest: string;
  previous_token_digest: string | null;
  last_token_digest: string | null;
  /** Epoch seconds. */
  expiry: BigInt;
  /** Epoch milliseconds of the last rotation or batch extension. */
  updated_at_ms: BigInt;
}

export interface ChurchTable {
  id: number;
  name: string;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  zip_code: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  pastor_name: string | null;
  logo: string | null;
  credential_validity_months: number;
  updated_at: string;
}

export interface PositionsTable {
  id: Generated<number>;
  name: string;
  ministerial: Bool;
  sort_order: number;
}

export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  leader_id: number | null;
}

export interface CustomFieldsTable {
  id: Generated<number>;
  label: string;
  key: string;
  field_type: string;
  /** JSON array of strings. */
  options: string;
  required: Bool;
  active: Bool;
  sort_order: number;
}

export interface MembersTable {
  id: Generated<number>;
  name: string;
  sort_name: string;
  search: string;
  photo: string | null;
  photo_thumb: string | null;
  has_photo: Bool;
  sex: string | null;
  birth_date: string | null;
  birth_md: number | null;
  marital_status: string | null;
  spouse_name: string | null;
  cpf: string | null;
  rg: string | null;
  email: string | null;
  phone_mobile: string | null;
  phone_home: string | null;
  zip_code: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  birthplace: string | null;
  father_name: string | null;
  mother_name: string | null;
  profession: string | null;
  status: string;
  admission_date: string | null;
  admission_type: string | null;
  origin_church: string | null;
  baptism_date: string | null;
  holy_spirit_baptism: Bool;
  position_id: number | null;
  consecration_date: string | null;
  /** JSON object keyed by custom field key. */
  custom_fields: string;
  notes: string | null;
  consent_at: string | null;
  consent_version: string | null;
  guardian_name: string | null;
  guardian_consent_at: string | null;
  /** The member a self-registration repeats (same CPF or e-mail), for the secretary's review. */
  duplicate_of: number | null;
  duplicate_reason: string | null;
  /** Expiry of the member's active credential, null without one (kept by credential writes). */
  credential_expires_on: string | null;
  created_at: string;
  updated_at: string;
}

export interface MemberDepartmentsTable {
  member_id: number;
  department_id: number;
}

/** The last number issued in each numbered series ('credential', 'letter:2026'). */
export interface DocumentCountersTable {
  name: string;
  value: number;
}

export interface CredentialsTable {
  id: Generated<number>;
  member_id: number;
  number: number;
  issued_on: string;
  expires_on: string;
  /** active or revoked (domain/credentials.ts). */
  status: string;
  code: string;
  revoked_at: string | null;
  created_by: number | null;
  created_at: string;
}

export interface LettersTable {
  id: Generated<number>;
  member_id: number;
  /** recommendation or transfer (domain/letters.ts). */
  letter_type: string;
  year: number;
  /** Sequential within the year: shown as number/year. */
  number: number;
  issued_on: string;
  destination_church: string;
  destination_city: string;
  notes: string | null;
  created_by: number | null;
  created_at: string;
}

// Finance (migration 0006). Money columns are integer centavos.

export interface FinanceCategoriesTable {
  id: Generated<number>;
  name: string;
  kind: string;
  active: Bool;
}

/** Vendors and donors share these columns. */
interface PartyColumns {
  id: Generated<number>;
  person_type: string;
  name: string;
  sort_name: string;
  search: string;
  document: string | null;
  email: string | null;
  phone: string | null;
  zip_code: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface VendorsTable extends PartyColumns {
  pix_key: string | null;
}

export interface DonorsTable extends PartyColumns {
  member_id: number | null;
}

export interface BankAccountsTable {
  id: Generated<number>;
  name: string;
  kind: string;
  bank: string | null;
  agency: string | null;
  account_number: string | null;
  opening_balance_cents: BigInt;
  opening_date: string;
  balance_cents: BigInt;
  active: Bool;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface CreditCardsTable {
  id: Generated<number>;
  name: string;
  brand: string | null;
  last_digits: string | null;
  closing_day: number;
  due_day: number;
  limit_cents: BigInt;
  bank_account_id: number;
  active: Bool;
  created_at: string;
  updated_at: string;
}

export interface IncomesTable {
  id: Generated<number>;
  description: string | null;
  category_id: number;
  donor_id: number | null;
  amount_cents: BigInt;
  date: string;
  bank_account_id: number;
  payment_method: string;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExpensesTable {
  id: Generated<number>;
  description: string;
  search: string;
  category_id: number;
  vendor_id: number | null;
  amount_cents: BigInt;
  date: string;
  due_date: string;
  installments: number;
  bank_account_id: number | null;
  credit_card_id: number | null;
  payment_method: string | null;
  status: string;
  paid_on: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReceiptsTable {
  expense_id: number;
  file_name: string;
  content_type: string;
  size: number;
  data: Buffer;
  created_at: string;
}

export interface AccountsPayableTable {
  id: Generated<number>;
  kind: string;
  expense_id: number | null;
  installment: number | null;
  installments: number | null;
  credit_card_id: number | null;
  closing_date: string | null;
  description: string;
  vendor_id: number | null;
  category_id: number | null;
  amount_cents: BigInt;
  due_date: string;
  status: string;
  paid_on: string | null;
  paid_amount_cents: ColumnType<number | null, number | null, number | null>;
  bank_account_id: number | null;
  transaction_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface CardChargesTable {
  id: Generated<number>;
  expense_id: number;
  credit_card_id: number;
  invoice_id: number;
  installment: number;
  installments: number;
  amount_cents: BigInt;
  date: string;
}

export interface TransactionsTable {
  id: Generated<number>;
  bank_account_id: number;
  date: string;
  description: string;
  amount_cents: BigInt;
  kind: string;
  category_id: number | null;
  income_id: number | null;
  expense_id: number | null;
  payable_id: number | null;
  linked_id: number | null;
  created_at: string;
}

/** Sum and count of an account's movements of one kind in a month ('YYYY-MM'). */
export interface FinanceMonthTotalsTable {
  bank_account_id: number;
  month: string;
  kind: string;
  total_cents: BigInt;
  count: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string | null;
  action: string;
  resource: string;
  record_id: number | null;
  /** JSON object: field -> [before, after]. */
  changes: string;
  ip: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  user_tokens: UserTokensTable;
  church: ChurchTable;
  positions: PositionsTable;
  departments: DepartmentsTable;
  custom_fields: CustomFieldsTable;
  members: MembersTable;
  member_departments: MemberDepartmentsTable;
  document_counters: DocumentCountersTable;
  credentials: CredentialsTable;
  letters: LettersTable;
  finance_categories: FinanceCategoriesTable;
  vendors: VendorsTable;
  donors: DonorsTable;
  bank_accounts: BankAccountsTable;
  credit_cards: CreditCardsTable;
  incomes: IncomesTable;
  expenses: ExpensesTable;
  receipts: ReceiptsTable;
  accounts_payable: AccountsPayableTable;
  card_charges: CardChargesTable;
  transactions: TransactionsTable;
  finance_month_totals: FinanceMonthTotalsTable;
  audit_log: AuditLogTable;
}
