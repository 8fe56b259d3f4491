// The finance of a campo (issue 12), from the finance seed's church-wide ledger: every income,
// expense and payable gets a congregation (its cost centre) with the members' shares, and every
// congregation gets bank accounts of its own (a checking account and a cash box) where its
// incomes land and from which it pays its bills (localBills.ts: its temple's water and energy,
// something every month). Balances and month totals are derived again afterwards (totals.ts).
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/index.js';
import type { CongregationPlan } from '../congregations.js';
import { deriveTotals } from './totals.js';
import { linkLedgerAccount } from '../../db/ledgerAccounts.js';
import { todayIso } from '../../../domain/dates.js';
import { addMonths } from '../../../domain/finance/installments.js';
import { billsOf } from './expenses.js';
import { DEPOSIT, type LocalAccounts, payLocalBills } from './localBills.js';

/** The sede's monthly bills (expenses.ts); the other expenses go to a congregation by slot. */
const CHURCH_BILLS = billsOf([]).map((bill) => bill.name);

/** Congregations per 10,000 slots: the finance rows are spread by (id × a prime) mod SLOTS. */
const SLOTS = 10_000;
const PRIME = 7919;

/** What an account that would end in the red has today instead (R$ 20.000,00). */
const RESERVE = 2_000_000;

/**
 * The monthly deposit of the cash offerings moved the whole church's cash out of the sede's cash
 * box; the congregations with accounts now keep theirs, so each deposit takes what that cash box
 * received in its month (it went deep into the red otherwise).
 */
async function depositWhatStayed(database: AppDatabase) {
  const { db } = database;
  const deposits = await db
    .selectFrom('transactions')
    .select(['id', 'linked_id', 'bank_account_id', 'date'])
    .where('kind', '=', 'transfer')
    .where('description', '=', DEPOSIT)
    .where('amount_cents', '<', 0)
    .execute();
  for (const deposit of deposits) {
    const day = String(deposit.date).slice(0, 10);
    const start = `${day.slice(0, 7)}-01`;
    const next = addMonths(start, 1);
    const { cash } = await db
      .selectFrom('incomes')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cash'))
      .where('bank_account_id', '=', deposit.bank_account_id)
      .where('payment_method', '=', 'cash')
      .where('date', '>=', start)
      .where('date', '<', next)
      .executeTakeFirstOrThrow();
    const amount = Number(cash);
    await db
      .updateTable('transactions')
      .set({ amount_cents: -amount })
      .where('id', '=', deposit.id)
      .execute();
    if (deposit.linked_id !== null) {
      await db
        .updateTable('transactions')
        .set({ amount_cents: amount })
        .where('id', '=', deposit.linked_id)
        .execute();
    }
  }
}

export async function spreadFinance(
  database: AppDatabase,
  plan: CongregationPlan,
  log: (line: string) => void = () => {},
): Promise<{ accounts: number }> {
  const { db } = database;
  const started = performance.now();
  // Each congregation's slots, proportional to its share (largest remainders).
  const total = plan.congregations.reduce((sum, c) => sum + c.share, 0);
  const exact = plan.congregations.map((c) => ({ id: c.id, slots: (c.share / total) * SLOTS }));
  const counts = exact.map((e) => Math.floor(e.slots));
  let left = SLOTS - counts.reduce((a, b) => a + b, 0);
  for (const index of exact
    .map((e, i) => ({ i, rest: e.slots - Math.floor(e.slots) }))
    .sort((a, b) => b.rest - a.rest)
    .map((e) => e.i)) {
    if (left-- <= 0) break;
    counts[index] += 1;
  }
  const slots: Array<{ slot: number; congregation_id: number }> = [];
  exact.forEach((e, i) => {
    for (let n = 0; n < counts[i]; n++) slots.push({ slot: slots.length, congregation_id: e.id });
  });

  const first = await db
    .selectFrom('bank_accounts')
    .select((eb) => eb.fn.min('opening_date').as('date'))
    .executeTakeFirst();
  const openingDate = String(first?.date ?? new Date().toISOString().slice(0, 10)).slice(0, 10);
  const now = new Date().toISOString();
  const sede = plan.congregations.find((c) => c.kind === 'sede');
  // Every congregation but the sede (which has the church's accounts) opens its own.
  const owners = plan.congregations.filter((c) => c.kind !== 'sede');
  const local: LocalAccounts[] = [];

  await db.transaction().execute(async (trx) => {
    await sql`create temporary table seed_slots (slot integer primary key, congregation_id integer not null)`.execute(
      trx,
    );
    await sql`create temporary table seed_accounts (congregation_id integer primary key, checking integer not null, cash integer not null)`.execute(
      trx,
    );
    for (let i = 0; i < slots.length; i += 1000) {
      const chunk = slots.slice(i, i + 1000);
      await sql`insert into seed_slots (slot, congregation_id) values ${sql.join(
        chunk.map((s) => sql`(${s.slot}, ${s.congregation_id})`),
      )}`.execute(trx);
    }
    for (const owner of owners) {
      const account = async (name: string, kind: string, bank: string | null, opening: number) => {
        const { id } = await trx
          .insertInto('bank_accounts')
          .values({
            name,
            kind,
            bank,
            agency: null,
            account_number: null,
            opening_balance_cents: opening,
            opening_date: openingDate,
            balance_cents: opening,
            active: true,
            congregation_id: owner.id,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await linkLedgerAccount(trx, { id, name });
        return id;
      };
      const checking = await account(
        `Conta corrente – ${owner.name}`,
        'checking',
        'Banco do Brasil',
        200_000,
      );
      const cash = await account(`Caixa – ${owner.name}`, 'cash', null, 10_000);
      await sql`insert into seed_accounts (congregation_id, checking, cash) values (${owner.id}, ${checking}, ${cash})`.execute(
        trx,
      );
      local.push({
        name: owner.name,
        congregationId: owner.id,
        kind: owner.kind,
        share: owner.share,
        checking,
        cash,
      });
    }

    const slotOf = (table: string) =>
      // (id mod SLOTS) first: id × PRIME overflows PostgreSQL's integer past 271,000 rows.
      sql`(select s.congregation_id from seed_slots s where s.slot = ((${sql.ref(`${table}.id`)} % ${SLOTS}) * ${PRIME}) % ${SLOTS})`;
    await sql`update incomes set congregation_id = ${slotOf('incomes')}`.execute(trx);
    await sql`update expenses set congregation_id = ${slotOf('expenses')}`.execute(trx);
    // The sede's bills (its temple's rent, water and energy, the pastor's prebenda, the
    // accountant, the phone) stay the sede's, paid from its account with the congregations'
    // monthly share (localBills.ts).
    if (sede) {
      await sql`update expenses set congregation_id = ${sede.id}
        where credit_card_id is null and description in (${sql.join(CHURCH_BILLS)})`.execute(trx);
    }
    // An instalment or a bill belongs where its expense does; card invoices by slot.
    await sql`update accounts_payable set congregation_id = coalesce(
        (select e.congregation_id from expenses e where e.id = accounts_payable.expense_id),
        ${slotOf('accounts_payable')})`.execute(trx);
    // Incomes of a congregation with accounts land in them (cash in its cash box), and so do
    // their movements.
    await sql`update incomes set bank_account_id = (
        select case when incomes.payment_method = 'cash' then a.cash else a.checking end
        from seed_accounts a where a.congregation_id = incomes.congregation_id)
      where incomes.congregation_id in (select congregation_id from seed_accounts)`.execute(trx);
    await sql`update transactions set bank_account_id = (
        select i.bank_account_id from incomes i where i.id = transactions.income_id)
      where transactions.income_id in (
        select id from incomes where congregation_id in (select congregation_id from seed_accounts))`.execute(
      trx,
    );
    // Their bills are paid from their own checking account too (the sede paid everyone's and
    // went deep into the red while the congregations' accounts only filled up).
    await sql`update expenses set bank_account_id = (
        select a.checking from seed_accounts a where a.congregation_id = expenses.congregation_id)
      where bank_account_id is not null
        and congregation_id in (select congregation_id from seed_accounts)`.execute(trx);
    await sql`update transactions set bank_account_id = (
        select a.checking from seed_accounts a join expenses e on e.congregation_id = a.congregation_id
        where e.id = transactions.expense_id)
      where transactions.expense_id in (
        select e.id from expenses e
        where e.credit_card_id is null
          and e.congregation_id in (select congregation_id from seed_accounts))`.execute(trx);
    await sql`drop table seed_slots`.execute(trx);
    await sql`drop table seed_accounts`.execute(trx);
  });
  if (sede) {
    const accountOf = async (kind: string) =>
      (
        await db
          .selectFrom('bank_accounts')
          .select('id')
          .where('congregation_id', '=', sede.id)
          .where('kind', '=', kind)
          .orderBy('id')
          .executeTakeFirst()
      )?.id;
    const [checking, cash] = [await accountOf('checking'), await accountOf('cash')];
    if (checking && cash) {
      local.unshift({
        name: sede.name,
        congregationId: sede.id,
        kind: 'sede',
        share: sede.share,
        checking,
        cash,
      });
    }
  }
  // The sede's deposits first: they are recomputed from its cash box's incomes; the local
  // ones are written with what each cash box keeps.
  await depositWhatStayed(database);
  const bills = await payLocalBills(database, local, {
    firstMonth: `${openingDate.slice(0, 7)}-01`,
    today: todayIso(),
    seed: plan.congregations.length,
  });
  await deriveTotals(database);
  // The sede pays the church-wide bills (rent, prebenda) and the transfers to missions from a
  // smaller share of the offerings: it starts with the reserve that keeps it out of the red.
  await db
    .updateTable('bank_accounts')
    .set((eb) => ({
      opening_balance_cents: eb(
        eb('opening_balance_cents', '-', eb.ref('balance_cents')),
        '+',
        RESERVE,
      ),
      balance_cents: RESERVE,
    }))
    .where('balance_cents', '<', 0)
    .execute();
  if (database.dialect.name === 'postgres') {
    for (const table of [
      'incomes',
      'expenses',
      'accounts_payable',
      'transactions',
      'bank_accounts',
    ])
      await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  }
  log(
    `  financeiro distribuído entre ${plan.congregations.length} congregações, ${owners.length * 2} contas próprias, ${bills.toLocaleString('pt-BR')} contas locais (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { accounts: owners.length * 2 };
}
