// Issue 27, the plano de contas: the flat finance_categories grow into a hierarchical chart of
// accounts with codes, so every income, expense, payable and movement keeps its category id and
// that category is now a leaf of the chart. The layout is the usual one for an organização
// religiosa under ITG 2002 (R1), with the Patrimônio Social inside the Passivo as the ECD's
// referential plan places the Patrimônio Líquido (2.03):
//   1 Ativo · 1.1 Disponível (one leaf per bank account or caixa) · 1.2 Imobilizado
//     · 1.3 Transferências em trânsito (between congregations)
//   2 Passivo · 2.1 Passivo circulante (2.1.01 contas a pagar, 2.1.02 cartões)
//     · 2.3 Patrimônio social (2.3.01 Fundo social, 2.3.02 superávits ou déficits acumulados)
//   3 Receitas · 3.1 Dízimos e ofertas · 3.9 Receitas diversas
//   4 Despesas · 4.1 Pessoal · 4.2 Administrativas · 4.3 Missões e ação social · 4.4 Tributárias
//     · 4.9 Despesas diversas
// Today's categories become leaves: the tithe ones and the seeded offerings under 3.1, the seeded
// expenses under their groups, anything else under the "diversas" group of its kind.
//
// The accounts the double-entry mapping needs by role (the bank accounts' group, contas a pagar,
// cartões, patrimônio social) carry a `role`, so a church may renumber or rename them freely.
// Each bank account points at its own asset leaf (bank_accounts.ledger_account_id): the
// accountant reads one account per bank or caixa, and renaming the bank account keeps its code.
//
// Funds: an income or expense may belong to a fund (finance_funds); none is the free resources.
// The month close's guards (0042) learn the new fund_id column of incomes and expenses.
import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './dialect.js';
import { GUARDS, installGuard, removeGuard } from './0042_finance_periods.js';

type Kind = 'asset' | 'liability' | 'equity' | 'income' | 'expense';

interface Node {
  code: string;
  name: string;
  kind: Kind;
  role?: string;
  /** The seeded categories (0006) this group takes, by name. */
  takes?: string[];
  children?: Node[];
}

/** The default chart, as it was when this migration was written. */
const CHART: Node[] = [
  {
    code: '1',
    name: 'Ativo',
    kind: 'asset',
    children: [
      { code: '1.1', name: 'Disponível', kind: 'asset', role: 'cash' },
      {
        code: '1.2',
        name: 'Imobilizado',
        kind: 'asset',
        children: [
          { code: '1.2.01', name: 'Imóveis', kind: 'asset' },
          { code: '1.2.02', name: 'Móveis e utensílios', kind: 'asset' },
          { code: '1.2.03', name: 'Veículos', kind: 'asset' },
        ],
      },
      // A transfer between two congregations' accounts passes through here, so each cost
      // centre's books balance on their own.
      { code: '1.3', name: 'Transferências em trânsito', kind: 'asset', role: 'transit' },
    ],
  },
  {
    code: '2',
    name: 'Passivo',
    kind: 'liability',
    children: [
      {
        code: '2.1',
        name: 'Passivo circulante',
        kind: 'liability',
        children: [
          { code: '2.1.01', name: 'Contas a pagar', kind: 'liability', role: 'payables' },
          { code: '2.1.02', name: 'Cartões de crédito a pagar', kind: 'liability', role: 'cards' },
          { code: '2.1.03', name: 'Obrigações trabalhistas e tributárias', kind: 'liability' },
        ],
      },
      {
        code: '2.3',
        name: 'Patrimônio social',
        kind: 'equity',
        children: [
          { code: '2.3.01', name: 'Fundo social', kind: 'equity', role: 'equity' },
          {
            code: '2.3.02',
            name: 'Superávits ou déficits acumulados',
            kind: 'equity',
            role: 'surplus',
          },
        ],
      },
    ],
  },
  {
    code: '3',
    name: 'Receitas',
    kind: 'income',
    children: [
      {
        code: '3.1',
        name: 'Dízimos e ofertas',
        kind: 'income',
        role: 'tithes',
        takes: ['Dízimos', 'Ofertas', 'Ofertas missionárias'],
      },
      { code: '3.9', name: 'Receitas diversas', kind: 'income', role: 'other_income' },
    ],
  },
  {
    code: '4',
    name: 'Despesas',
    kind: 'expense',
    children: [
      {
        code: '4.1',
        name: 'Despesas com pessoal',
        kind: 'expense',
        takes: ['Prebenda pastoral'],
      },
      {
        code: '4.2',
        name: 'Despesas administrativas',
        kind: 'expense',
        takes: [
          'Aluguel',
          'Água',
          'Energia',
          'Telefone e internet',
          'Material de escritório',
          'Manutenção',
        ],
      },
      {
        code: '4.3',
        name: 'Missões e ação social',
        kind: 'expense',
        takes: ['Missões', 'Ação social'],
      },
      { code: '4.4', name: 'Despesas tributárias', kind: 'expense', takes: ['Impostos e taxas'] },
      { code: '4.9', name: 'Despesas diversas', kind: 'expense', role: 'other_expense' },
    ],
  },
];

const leafCode = (group: string, n: number) => `${group}.${String(n).padStart(2, '0')}`;

export function chartOfAccountsMigration(d: MigrationDialect) {
  const { bool } = d.types;
  const yes = d.name === 'sqlite' ? 1 : true;
  const no = d.name === 'sqlite' ? 0 : false;
  const truthy = (value: unknown) => value === true || value === 1 || value === '1';
  const FUND_GUARDED = ['incomes', 'expenses'];

  return {
    async up(db: Kysely<unknown>) {
      const q = db as Kysely<Record<string, Record<string, unknown>>>;
      await db.schema.alterTable('finance_categories').addColumn('code', 'text').execute();
      await db.schema
        .alterTable('finance_categories')
        .addColumn('parent_id', 'integer', (col) => col.references('finance_categories.id'))
        .execute();
      await db.schema.alterTable('finance_categories').addColumn('role', 'text').execute();
      await db.schema
        .alterTable('bank_accounts')
        .addColumn('ledger_account_id', 'integer', (col) => col.references('finance_categories.id'))
        .execute();

      const existing = await q
        .selectFrom('finance_categories')
        .select(['id', 'name', 'kind', 'is_tithe'])
        .orderBy('id')
        .execute();
      const taken = new Set(existing.map((row) => `${row.kind}:${row.name}`));
      /** The name, or the name marked as the group's when a category already has it. */
      const freeName = (kind: string, name: string, mark: string) => {
        let candidate = name;
        for (let n = 2; taken.has(`${kind}:${candidate}`); n++) {
          candidate = n === 2 ? `${name} (${mark})` : `${name} (${mark} ${n})`;
        }
        taken.add(`${kind}:${candidate}`);
        return candidate;
      };
      const insert = async (values: Record<string, unknown>) =>
        Number(
          (
            await q
              .insertInto('finance_categories')
              .values({ active: yes, is_tithe: no, ...values })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );

      const groups = new Map<string, number>();
      const codes = new Map<number, string[]>();
      const addNode = async (node: Node, parent: number | null) => {
        const id = await insert({
          code: node.code,
          name: freeName(node.kind, node.name, 'grupo'),
          kind: node.kind,
          parent_id: parent,
          role: node.role ?? null,
        });
        if (node.role) groups.set(node.role, id);
        for (const name of node.takes ?? []) groups.set(`takes:${node.kind}:${name}`, id);
        codes.set(id, []);
        groups.set(`code:${node.code}`, id);
        for (const child of node.children ?? []) await addNode(child, id);
      };
      for (const root of CHART) await addNode(root, null);

      // Today's categories as leaves, numbered in their group in the order they were made.
      const groupCodes = new Map<number, string>();
      const walk = (nodes: Node[]) => {
        for (const node of nodes) {
          groupCodes.set(groups.get(`code:${node.code}`)!, node.code);
          walk(node.children ?? []);
        }
      };
      walk(CHART);
      const used = new Map<number, number>();
      const nextCode = (group: number) => {
        const n = (used.get(group) ?? 0) + 1;
        used.set(group, n);
        return leafCode(groupCodes.get(group)!, n);
      };
      for (const category of existing) {
        const group =
          category.kind === 'income' && truthy(category.is_tithe)
            ? groups.get('tithes')!
            : (groups.get(`takes:${category.kind}:${String(category.name)}`) ??
              groups.get(category.kind === 'income' ? 'other_income' : 'other_expense')!);
        await q
          .updateTable('finance_categories')
          .set({ code: nextCode(group), parent_id: group })
          .where('id', '=', category.id as number)
          .execute();
      }

      // One asset leaf per bank account or caixa, under Disponível.
      const cash = groups.get('cash')!;
      const accounts = await q
        .selectFrom('bank_accounts')
        .select(['id', 'name'])
        .orderBy('id')
        .execute();
      for (const account of accounts) {
        const ledger = await insert({
          code: nextCode(cash),
          name: freeName('asset', String(account.name), `conta ${String(account.id)}`),
          kind: 'asset',
          parent_id: cash,
        });
        await q
          .updateTable('bank_accounts')
          .set({ ledger_account_id: ledger })
          .where('id', '=', account.id as number)
          .execute();
      }

      if (d.name === 'postgres') {
        await sql`alter table finance_categories alter column code set not null`.execute(db);
      }
      await db.schema
        .createIndex('finance_categories_code')
        .on('finance_categories')
        .column('code')
        .unique()
        .execute();
      await db.schema
        .createIndex('finance_categories_role')
        .on('finance_categories')
        .column('role')
        .unique()
        .execute();
      await db.schema
        .createIndex('finance_categories_parent')
        .on('finance_categories')
        .column('parent_id')
        .execute();

      await d
        .addId(db.schema.createTable('finance_funds'))
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('restricted', bool, (col) => col.notNull().defaultTo(yes))
        .addColumn('description', 'text')
        .addColumn('active', bool, (col) => col.notNull().defaultTo(yes))
        .execute();
      for (const table of FUND_GUARDED) {
        await db.schema
          .alterTable(table)
          .addColumn('fund_id', 'integer', (col) => col.references('finance_funds.id'))
          .execute();
        await db.schema
          .createIndex(`${table}_fund_date`)
          .on(table)
          .columns(['fund_id', 'date'])
          .where(sql.ref('fund_id'), 'is not', null)
          .execute();
      }
      for (const guard of GUARDS.filter((g) => FUND_GUARDED.includes(g.table))) {
        await removeGuard(db, d.name, guard);
        const [first, ...rest] = guard.groups;
        await installGuard(db, d.name, {
          ...guard,
          groups: [{ ...first, columns: [...first.columns, 'fund_id'] }, ...rest],
        });
      }
    },

    async down(db: Kysely<unknown>) {
      const q = db as Kysely<Record<string, Record<string, unknown>>>;
      for (const guard of GUARDS.filter((g) => FUND_GUARDED.includes(g.table))) {
        await removeGuard(db, d.name, guard);
      }
      for (const table of FUND_GUARDED) {
        await db.schema.dropIndex(`${table}_fund_date`).execute();
        await db.schema.alterTable(table).dropColumn('fund_id').execute();
      }
      for (const guard of GUARDS.filter((g) => FUND_GUARDED.includes(g.table))) {
        await installGuard(db, d.name, guard);
      }
      await db.schema.dropTable('finance_funds').execute();
      await db.schema.dropIndex('finance_categories_parent').execute();
      await db.schema.dropIndex('finance_categories_role').execute();
      await db.schema.dropIndex('finance_categories_code').execute();
      await db.schema.alterTable('bank_accounts').dropColumn('ledger_account_id').execute();
      // The chart's own accounts go; the categories (income and expense leaves) stay.
      const used = new Set(
        (
          await q
            .selectFrom('finance_categories')
            .select('parent_id')
            .where('parent_id', 'is not', null)
            .execute()
        ).map((row) => Number(row.parent_id)),
      );
      await q.updateTable('finance_categories').set({ parent_id: null }).execute();
      const chartOnly = await q
        .selectFrom('finance_categories')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('kind', 'not in', ['income', 'expense']),
            eb('id', 'in', used.size ? [...used] : [0]),
          ]),
        )
        .execute();
      if (chartOnly.length) {
        await q
          .deleteFrom('finance_categories')
          .where(
            'id',
            'in',
            chartOnly.map((row) => row.id as number),
          )
          .execute();
      }
      await db.schema.alterTable('finance_categories').dropColumn('role').execute();
      await db.schema.alterTable('finance_categories').dropColumn('parent_id').execute();
      await db.schema.alterTable('finance_categories').dropColumn('code').execute();
    },
  };
}
