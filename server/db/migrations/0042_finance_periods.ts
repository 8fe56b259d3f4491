// Issue 27, the month closed: once the conselho fiscal has approved a month's accounts, an admin
// closes it (finance_periods, its history in finance_period_events) and from then on no write
// may change what that month's books say. The refusal lives in the database, one guard per table
// that holds a dated money fact, so every write path — a route, a service calling another, a
// cascade, a bulk delete, an import — meets it inside its own transaction: the statement aborts
// with "ADAM_PERIOD_CLOSED:<month>:<approved on>", the whole transaction rolls back, and the
// error handler answers 409 in Portuguese (server/plugins/errors.ts).
//
// Which dates place a row in a month: a movement's date; a payable's due date (what it is) and
// its payment date (when it was paid); a count's date and its deposit's date; a statement line's
// bank date and the date of the movement it is reconciled with; an expense receipt's expense
// date; an account's opening date (its opening balance is every later month's). An update is
// checked against the old and the new dates of the group whose columns it changes, so paying in
// November a bill due in a closed October is allowed, and moving a movement into or out of a
// closed month is not.
//
// PostgreSQL: a guard that has a month to check first takes the shared advisory lock
// PERIODS_LOCK; closing takes it exclusively, so a close waits for the writes under way and the
// writes after it see the closed month (each statement of a plpgsql function reads anew).
// SQLite's single writer already serializes them.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect, MigrationDialectName } from './dialect.js';

/** The advisory lock key shared with server/modules/finance/periodService.ts (issue 27). */
export const PERIODS_LOCK = 27_0042;

interface DateGroup {
  /** A date of the row, `$` standing for the row (NEW or OLD). */
  date: string;
  /** An update that changes one of these is checked against this date, old and new. */
  columns: string[];
}

export interface Guard {
  table: string;
  groups: DateGroup[];
  /** A new row dated in a closed month is refused. */
  insert: boolean;
  /** Only such rows are refused on delete (default: every row). */
  deleteWhen?: string;
}

export const GUARDS: Guard[] = [
  {
    table: 'incomes',
    groups: [
      {
        date: '$.date',
        columns: [
          'congregation_id',
          'description',
          'category_id',
          'donor_id',
          'amount_cents',
          'date',
          'bank_account_id',
          'payment_method',
          'notes',
        ],
      },
    ],
    insert: true,
  },
  {
    table: 'expenses',
    groups: [
      {
        date: '$.date',
        columns: [
          'congregation_id',
          'description',
          'category_id',
          'vendor_id',
          'amount_cents',
          'date',
          'due_date',
          'installments',
          'bank_account_id',
          'credit_card_id',
          'payment_method',
          'notes',
        ],
      },
    ],
    insert: true,
  },
  {
    table: 'accounts_payable',
    groups: [
      {
        date: '$.due_date',
        columns: [
          'congregation_id',
          'kind',
          'expense_id',
          'installment',
          'credit_card_id',
          'description',
          'vendor_id',
          'category_id',
          'amount_cents',
          'due_date',
        ],
      },
      {
        date: '$.paid_on',
        columns: ['status', 'paid_on', 'paid_amount_cents', 'bank_account_id', 'transaction_id'],
      },
    ],
    insert: true,
  },
  {
    table: 'transactions',
    groups: [
      {
        date: '$.date',
        columns: [
          'bank_account_id',
          'date',
          'description',
          'amount_cents',
          'kind',
          'category_id',
          'income_id',
          'expense_id',
          'payable_id',
          'linked_id',
        ],
      },
    ],
    insert: true,
  },
  {
    table: 'card_charges',
    groups: [
      {
        date: '$.date',
        columns: ['expense_id', 'credit_card_id', 'invoice_id', 'amount_cents', 'date'],
      },
    ],
    insert: true,
  },
  {
    table: 'offering_counts',
    groups: [
      {
        date: '$.date',
        columns: [
          'congregation_id',
          'date',
          'bank_account_id',
          'status',
          'adjusts_id',
          'total_cents',
          'depositable_cents',
          'service_name',
          'notes',
        ],
      },
      {
        date: '$.deposited_on',
        columns: [
          'deposited_cents',
          'deposited_on',
          'deposit_difference_cents',
          'deposit_account_id',
          'deposit_transaction_id',
          'deposit_adjustment_id',
        ],
      },
    ],
    insert: true,
  },
  {
    // A count's lines and its cash: what the count says was given.
    table: 'offering_count_lines',
    groups: [
      {
        date: '(select c.date from offering_counts c where c.id = $.count_id)',
        columns: ['position', 'method', 'category_id', 'donor_id', 'envelope', 'amount_cents'],
      },
    ],
    insert: true,
  },
  {
    table: 'offering_count_cash',
    groups: [
      {
        date: '(select c.date from offering_counts c where c.id = $.count_id)',
        columns: ['denomination_cents', 'quantity'],
      },
    ],
    insert: true,
  },
  {
    // Importing the bank's lines adds nothing to the books; reconciling them does.
    table: 'statement_lines',
    groups: [
      { date: '$.date', columns: ['status', 'reconciled_how', 'transaction_id', 'payable_id'] },
      {
        date: '(select t.date from transactions t where t.id = $.transaction_id)',
        columns: ['status', 'transaction_id'],
      },
    ],
    insert: false,
    deleteWhen: "$.status <> 'pending'",
  },
  {
    // The expense's comprovante: the documents the conselho examined.
    table: 'receipts',
    groups: [
      {
        date: '(select e.date from expenses e where e.id = $.expense_id)',
        columns: ['expense_id', 'file_name', 'content_type', 'size', 'data'],
      },
    ],
    insert: true,
  },
  {
    table: 'bank_accounts',
    groups: [{ date: '$.opening_date', columns: ['opening_balance_cents', 'opening_date'] }],
    insert: true,
  },
];

const row = (text: string, name: 'new' | 'old') => text.replaceAll('$.', `${name}.`);

export const triggerNames = (guard: Guard) => [
  `${guard.table}_closed_insert`,
  `${guard.table}_closed_delete`,
  ...guard.groups.map((_, i) => `${guard.table}_closed_update_${i}`),
];

async function sqliteGuards(db: Kysely<unknown>, guard: Guard) {
  const month = (date: string) => `substr(${date}, 1, 7)`;
  const refuse = (dates: string[]) =>
    `select raise(abort, 'ADAM_PERIOD_CLOSED:' || p.month || ':' || p.approved_on)
       from finance_periods p
      where p.status = 'closed' and p.month in (${dates.map(month).join(', ')})
        and not exists (select 1 from finance_period_overrides)
      limit 1;`;
  const [insertName, deleteName, ...updateNames] = triggerNames(guard);
  if (guard.insert) {
    const dates = guard.groups.map((group) => row(group.date, 'new'));
    await sql
      .raw(
        `create trigger ${insertName} before insert on ${guard.table} begin ${refuse(dates)} end`,
      )
      .execute(db);
  }
  const deleteWhen = guard.deleteWhen ? `when ${row(guard.deleteWhen, 'old')}` : '';
  const oldDates = guard.groups.map((group) => row(group.date, 'old'));
  await sql
    .raw(
      `create trigger ${deleteName} before delete on ${guard.table} ${deleteWhen}
       begin ${refuse(oldDates)} end`,
    )
    .execute(db);
  for (const [i, group] of guard.groups.entries()) {
    const changed = group.columns.map((column) => `old.${column} is not new.${column}`);
    await sql
      .raw(
        `create trigger ${updateNames[i]} before update on ${guard.table}
         when ${changed.join(' or ')}
         begin ${refuse([row(group.date, 'old'), row(group.date, 'new')])} end`,
      )
      .execute(db);
  }
}

async function postgresGuards(db: Kysely<unknown>, guard: Guard) {
  const month = (date: string) => `to_char(${date}, 'YYYY-MM')`;
  const add = (date: string) => `months := months || ${month(date)};`;
  const onUpdate = guard.groups
    .map((group) => {
      const changed = group.columns.map((column) => `old.${column} is distinct from new.${column}`);
      return `if ${changed.join(' or ')} then ${add(row(group.date, 'old'))} ${add(row(group.date, 'new'))} end if;`;
    })
    .join('\n');
  const onInsert = guard.insert
    ? guard.groups.map((group) => add(row(group.date, 'new'))).join(' ')
    : '';
  const onDelete = guard.groups.map((group) => add(row(group.date, 'old'))).join(' ');
  const deleteWhen = guard.deleteWhen ? row(guard.deleteWhen, 'old') : 'true';
  const name = `${guard.table}_closed_guard`;
  await sql
    .raw(
      `create function ${name}() returns trigger language plpgsql as $$
      declare
        months text[] := '{}';
        hit record;
      begin
        if tg_op = 'INSERT' then ${onInsert || 'null;'}
        elsif tg_op = 'DELETE' then if ${deleteWhen} then ${onDelete} end if;
        else ${onUpdate}
        end if;
        if array_position(months, null) is not null then months := array_remove(months, null); end if;
        if cardinality(months) > 0 and not exists (select 1 from finance_period_overrides) then
          perform pg_advisory_xact_lock_shared(${PERIODS_LOCK});
          select p.month, p.approved_on into hit from finance_periods p
           where p.status = 'closed' and p.month = any(months) limit 1;
          if found then
            raise exception 'ADAM_PERIOD_CLOSED:%:%', hit.month, hit.approved_on
              using errcode = 'P0001';
          end if;
        end if;
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${name} before insert or update or delete on ${guard.table}
       for each row execute function ${name}()`,
    )
    .execute(db);
}

/** Creates a table's guard; a later migration that adds a guarded column recreates it (0043). */
export async function installGuard(
  db: Kysely<unknown>,
  dialect: MigrationDialectName,
  guard: Guard,
) {
  if (dialect === 'sqlite') await sqliteGuards(db, guard);
  else await postgresGuards(db, guard);
}

export async function removeGuard(
  db: Kysely<unknown>,
  dialect: MigrationDialectName,
  guard: Guard,
) {
  if (dialect === 'sqlite') {
    for (const name of triggerNames(guard)) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  } else {
    const name = `${guard.table}_closed_guard`;
    await sql.raw(`drop trigger if exists ${name} on ${guard.table}`).execute(db);
    await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
}

export function financePeriodsMigration(d: MigrationDialect) {
  const { date, timestamp } = d.types;
  return {
    async up(db: Kysely<unknown>) {
      // One row per month ever closed: its state now (closed, or reopened) and the last approval.
      await db.schema
        .createTable('finance_periods')
        .addColumn('month', 'text', (col) => col.primaryKey())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('approved_on', date, (col) => col.notNull())
        .addColumn('approvers', 'text', (col) => col.notNull())
        .addColumn('opinion', 'text', (col) => col.notNull())
        .addColumn('closed_at', timestamp, (col) => col.notNull())
        .addColumn('closed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('closed_by_name', 'text')
        .addColumn('reopened_at', timestamp)
        .addColumn('reopened_by', 'integer', (col) =>
          col.references('users.id').onDelete('set null'),
        )
        .addColumn('reopened_by_name', 'text')
        .addColumn('reopen_reason', 'text')
        .execute();
      // Every close and reopen, kept: the month's history.
      await d
        .addId(db.schema.createTable('finance_period_events'))
        .addColumn('month', 'text', (col) =>
          col.notNull().references('finance_periods.month').onDelete('cascade'),
        )
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('at', timestamp, (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text')
        .addColumn('approved_on', date)
        .addColumn('approvers', 'text')
        .addColumn('opinion', 'text')
        .addColumn('reason', 'text')
        .execute();
      // A row here, written and removed inside one transaction, lets that transaction through the
      // guards: the anonymization of a person (LGPD), which cleans the texts of closed months'
      // movements and changes no figure (server/modules/finance/periodService.ts).
      await db.schema
        .createTable('finance_period_overrides')
        .addColumn('reason', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('finance_period_events_month')
        .on('finance_period_events')
        .columns(['month', 'id'])
        .execute();
      for (const guard of GUARDS) await installGuard(db, d.name, guard);
    },
    async down(db: Kysely<unknown>) {
      for (const guard of GUARDS) await removeGuard(db, d.name, guard);
      await db.schema.dropTable('finance_period_overrides').execute();
      await db.schema.dropTable('finance_period_events').execute();
      await db.schema.dropTable('finance_periods').execute();
    },
  };
}
