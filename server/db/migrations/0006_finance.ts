// The finance area (DESIGN §5): vendors, donors, categories, bank accounts, credit cards,
// incomes, expenses (with receipts), accounts payable, card charges, transactions and the
// audit log. Money is integer centavos in bigint columns.
import type { Kysely } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** The categories a new church starts with, as they were when this migration was written. */
const DEFAULT_CATEGORIES = {
  income: ['Dízimos', 'Ofertas', 'Ofertas missionárias', 'Campanhas', 'Eventos', 'Outras receitas'],
  expense: [
    'Aluguel',
    'Água',
    'Energia',
    'Telefone e internet',
    'Prebenda pastoral',
    'Manutenção',
    'Missões',
    'Ação social',
    'Material de escritório',
    'Impostos e taxas',
    'Outras despesas',
  ],
};

export function financeMigration(d: MigrationDialect) {
  const { bool, date, timestamp } = d.types;
  const yes = d.name === 'sqlite' ? 1 : true;
  const bytes = d.name === 'sqlite' ? 'blob' : 'bytea';
  return {
    async up(db: Kysely<unknown>) {
      await d
        .addId(db.schema.createTable('finance_categories'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('active', bool, (col) => col.notNull().defaultTo(yes))
        .addUniqueConstraint('finance_categories_kind_name', ['kind', 'name'])
        .execute();
      await db
        .insertInto('finance_categories' as never)
        .values(
          Object.entries(DEFAULT_CATEGORIES).flatMap(([kind, names]) =>
            names.map((name) => ({ name, kind, active: true })),
          ) as never,
        )
        .execute();

      for (const table of ['vendors', 'donors'] as const) {
        let builder = d
          .addId(db.schema.createTable(table))
          .addColumn('person_type', 'text', (col) => col.notNull())
          .addColumn('name', 'text', (col) => col.notNull())
          // Lowercase, accent-free name (sort key) and name + document + e-mail (q filter).
          .addColumn('sort_name', 'text', (col) => col.notNull())
          .addColumn('search', 'text', (col) => col.notNull())
          .addColumn('document', 'text')
          .addColumn('email', 'text')
          .addColumn('phone', 'text')
          .addColumn('zip_code', 'text')
          .addColumn('street', 'text')
          .addColumn('number', 'text')
          .addColumn('complement', 'text')
          .addColumn('district', 'text')
          .addColumn('city', 'text')
          .addColumn('state', 'text')
          .addColumn('notes', 'text');
        builder =
          table === 'vendors'
            ? builder.addColumn('pix_key', 'text')
            : builder.addColumn('member_id', 'integer', (col) => col.references('members.id'));
        await builder
          .addColumn('created_at', timestamp, (col) => col.notNull())
          .addColumn('updated_at', timestamp, (col) => col.notNull())
          .execute();
      }

      await d
        .addId(db.schema.createTable('bank_accounts'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('bank', 'text')
        .addColumn('agency', 'text')
        .addColumn('account_number', 'text')
        .addColumn('opening_balance_cents', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('opening_date', date, (col) => col.notNull())
        // opening + the sum of the account's transactions, kept by the ledger in each write.
        .addColumn('balance_cents', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('active', bool, (col) => col.notNull().defaultTo(yes))
        .addColumn('notes', 'text')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('credit_cards'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('brand', 'text')
        .addColumn('last_digits', 'text')
        .addColumn('closing_day', 'integer', (col) => col.notNull())
        .addColumn('due_day', 'integer', (col) => col.notNull())
        .addColumn('limit_cents', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('bank_account_id', 'integer', (col) =>
          col.notNull().references('bank_accounts.id'),
        )
        .addColumn('active', bool, (col) => col.notNull().defaultTo(yes))
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('incomes'))
        .addColumn('description', 'text')
        .addColumn('category_id', 'integer', (col) =>
          col.notNull().references('finance_categories.id'),
        )
        .addColumn('donor_id', 'integer', (col) => col.references('donors.id'))
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('date', date, (col) => col.notNull())
        .addColumn('bank_account_id', 'integer', (col) =>
          col.notNull().references('bank_accounts.id'),
        )
        .addColumn('payment_method', 'text', (col) => col.notNull())
        .addColumn('notes', 'text')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();

      await d
        .addId(db.schema.createTable('expenses'))
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('search', 'text', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) =>
          col.notNull().references('finance_categories.id'),
        )
        .addColumn('vendor_id', 'integer', (col) => col.references('vendors.id'))
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('date', date, (col) => col.notNull())
        .addColumn('due_date', date, (col) => col.notNull())
        .addColumn('installments', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('bank_account_id', 'integer', (col) => col.references('bank_accounts.id'))
        .addColumn('credit_card_id', 'integer', (col) => col.references('credit_cards.id'))
        .addColumn('payment_method', 'text')
        // pending, partial or paid, from its instalments or card charges (kept by the schedule).
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
        // Date the last instalment was paid (null while anything is unpaid).
        .addColumn('paid_on', date)
        .addColumn('notes', 'text')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('receipts')
        .addColumn('expense_id', 'integer', (col) =>
          col.primaryKey().references('expenses.id').onDelete('cascade'),
        )
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('data', bytes, (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();

      // One row per instalment of an expense paid from an account, and one per card invoice.
      await d
        .addId(db.schema.createTable('accounts_payable'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('expense_id', 'integer', (col) => col.references('expenses.id'))
        .addColumn('installment', 'integer')
        .addColumn('installments', 'integer')
        .addColumn('credit_card_id', 'integer', (col) => col.references('credit_cards.id'))
        .addColumn('closing_date', date)
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('vendor_id', 'integer', (col) => col.references('vendors.id'))
        .addColumn('category_id', 'integer', (col) => col.references('finance_categories.id'))
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('due_date', date, (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('paid_on', date)
        .addColumn('paid_amount_cents', 'bigint')
        .addColumn('bank_account_id', 'integer', (col) => col.references('bank_accounts.id'))
        // The payment's transaction (no foreign key: transactions also point back here).
        .addColumn('transaction_id', 'integer')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();

      // Each instalment of a card purchase, on the invoice it falls into.
      await d
        .addId(db.schema.createTable('card_charges'))
        .addColumn('expense_id', 'integer', (col) => col.notNull().references('expenses.id'))
        .addColumn('credit_card_id', 'integer', (col) =>
          col.notNull().references('credit_cards.id'),
        )
        .addColumn('invoice_id', 'integer', (col) =>
          col.notNull().references('accounts_payable.id'),
        )
        .addColumn('installment', 'integer', (col) => col.notNull())
        .addColumn('installments', 'integer', (col) => col.notNull())
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('date', date, (col) => col.notNull())
        .execute();

      // Every money movement of an account: + in, - out.
      await d
        .addId(db.schema.createTable('transactions'))
        .addColumn('bank_account_id', 'integer', (col) =>
          col.notNull().references('bank_accounts.id'),
        )
        .addColumn('date', date, (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('category_id', 'integer', (col) => col.references('finance_categories.id'))
        .addColumn('income_id', 'integer', (col) => col.references('incomes.id'))
        .addColumn('expense_id', 'integer', (col) => col.references('expenses.id'))
        .addColumn('payable_id', 'integer', (col) => col.references('accounts_payable.id'))
        // The other leg of a transfer.
        .addColumn('linked_id', 'integer')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();

      // Each account's movements summed by month and kind, kept by the ledger with every
      // movement: statements and the dashboard read a few of these instead of whole years.
      await db.schema
        .createTable('finance_month_totals')
        .addColumn('bank_account_id', 'integer', (col) =>
          col.notNull().references('bank_accounts.id'),
        )
        .addColumn('month', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('total_cents', 'bigint', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('finance_month_totals_pk', ['bank_account_id', 'month', 'kind'])
        .execute();

      await d
        .addId(db.schema.createTable('audit_log'))
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('resource', 'text', (col) => col.notNull())
        .addColumn('record_id', 'integer')
        .addColumn('changes', 'text', (col) => col.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();

      // One index per list shape (filter + sort) at about a million transactions.
      const indexes: Array<[string, string, string[]]> = [
        ['vendors_sort_name', 'vendors', ['sort_name', 'id']],
        ['vendors_document', 'vendors', ['document']],
        ['donors_sort_name', 'donors', ['sort_name', 'id']],
        ['donors_document', 'donors', ['document']],
        ['donors_member', 'donors', ['member_id']],
        ['credit_cards_account', 'credit_cards', ['bank_account_id']],
        ['incomes_date', 'incomes', ['date', 'id']],
        ['incomes_category_date', 'incomes', ['category_id', 'date', 'id']],
        ['incomes_donor_date', 'incomes', ['donor_id', 'date', 'id']],
        ['incomes_account_date', 'incomes', ['bank_account_id', 'date', 'id']],
        ['expenses_date', 'expenses', ['date', 'id']],
        ['expenses_category_date', 'expenses', ['category_id', 'date', 'id']],
        ['expenses_vendor_date', 'expenses', ['vendor_id', 'date', 'id']],
        ['expenses_account_date', 'expenses', ['bank_account_id', 'date', 'id']],
        ['expenses_card_date', 'expenses', ['credit_card_id', 'date', 'id']],
        ['expenses_status_date', 'expenses', ['status', 'date', 'id']],
        ['payables_status_due', 'accounts_payable', ['status', 'due_date', 'id']],
        ['payables_due', 'accounts_payable', ['due_date', 'id']],
        ['payables_expense', 'accounts_payable', ['expense_id', 'installment']],
        ['payables_vendor_due', 'accounts_payable', ['vendor_id', 'due_date', 'id']],
        ['payables_category_due', 'accounts_payable', ['category_id', 'due_date', 'id']],
        ['payables_account', 'accounts_payable', ['bank_account_id']],
        ['card_charges_expense', 'card_charges', ['expense_id']],
        ['card_charges_invoice', 'card_charges', ['invoice_id']],
        ['card_charges_card', 'card_charges', ['credit_card_id']],
        // Statements, balances and a list's totals: an account's movements in order, amount and kind
        // included, so the sums read only the index.
        [
          'transactions_account_date',
          'transactions',
          ['bank_account_id', 'date', 'id', 'amount_cents', 'kind'],
        ],
        // Lists by date and the dashboard's sums: covering, so sums read only the index.
        [
          'transactions_date',
          'transactions',
          ['date', 'id', 'kind', 'amount_cents', 'category_id'],
        ],
        ['transactions_category_date', 'transactions', ['category_id', 'date', 'id']],
        ['transactions_income', 'transactions', ['income_id']],
        ['transactions_expense', 'transactions', ['expense_id']],
        ['transactions_payable', 'transactions', ['payable_id']],
        ['audit_log_created', 'audit_log', ['created_at', 'id']],
        ['audit_log_record', 'audit_log', ['resource', 'record_id', 'id']],
        ['audit_log_user', 'audit_log', ['user_id', 'created_at', 'id']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
      await db.schema
        .createIndex('payables_card_invoice')
        .on('accounts_payable')
        .columns(['credit_card_id', 'closing_date'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'audit_log',
        'finance_month_totals',
        'transactions',
        'card_charges',
        'accounts_payable',
        'receipts',
        'expenses',
        'incomes',
        'credit_cards',
        'bank_accounts',
        'donors',
        'vendors',
        'finance_categories',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
