// The plano de contas beneath its routes (/api/finance_categories: a category is an income or
// expense leaf of the chart). A few hundred rows, so the list filters, sorts and pages in
// memory. The rules: a code of valid form, unique, its parent's code plus one segment; a kind
// that fits the parent's; a name used once per kind; no children under an account that has
// movements; the kind fixed once in use; a group, an account in use, one the double-entry
// mapping needs (a role) or a bank account's cannot be deleted, only deactivated.
import {
  type ChartAccount,
  accountPath,
  compareCodes,
  kindFitsParent,
  nextChildCode,
  parentCode,
} from '../../../domain/finance/chart.js';
import { ACCOUNT_KINDS, type AccountKind } from '../../../domain/finance/labels.js';
import { type CategoryInput, categorySchema } from '../../../domain/finance/schemas.js';
import { searchText } from '../../../domain/search.js';
import type { ListParams } from '../../http/simpleRest.js';
import { invalid, validated } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { plural } from '../../../domain/text.js';
import {
  asBool,
  boolFilter,
  choiceFilter,
  filtersOf,
  idsFilter,
  textFilter,
} from '../../http/listFilters.js';
import { deleteUnlessInUse, findRecord, referenceCount } from './references.js';
import { inTransaction } from '../../db/executor.js';
import type { Db } from './types.js';

type Category = ChartAccount & {
  active: boolean;
  is_tithe: boolean;
  role: string | null;
  /** No subaccounts: an income or expense leaf takes movements. */
  leaf: boolean;
  /** 0 at the top of the chart. */
  depth: number;
};

export const CATEGORY_SORTS = ['code', 'name', 'kind', 'active', 'is_tithe', 'id'];

/** Where an income or expense account goes when the form names no parent (migration 0043). */
const DEFAULT_GROUP_ROLE: Partial<Record<AccountKind, string>> = {
  income: 'other_income',
  expense: 'other_expense',
};

type Row = {
  id: number;
  code: string;
  name: string;
  kind: string;
  parent_id: number | null;
  role: string | null;
  active: unknown;
  is_tithe: unknown;
};

async function chartRows(db: Db): Promise<Row[]> {
  return db
    .selectFrom('finance_categories')
    .select(['id', 'code', 'name', 'kind', 'parent_id', 'role', 'active', 'is_tithe'])
    .execute();
}

function toApi(rows: Row[]): Category[] {
  const parents = new Set(rows.map((row) => row.parent_id));
  return rows.map((row) => ({
    ...row,
    kind: row.kind as AccountKind,
    active: asBool(row.active),
    is_tithe: asBool(row.is_tithe),
    leaf: !parents.has(row.id),
    depth: row.code.split('.').length - 1,
  }));
}

/** How many incomes and expenses use the account (their movements and instalments follow them). */
async function usage(db: Db, id: number): Promise<number> {
  const counts = await Promise.all(
    (['incomes', 'expenses'] as const).map((table) => referenceCount(db, table, 'category_id', id)),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** The stored columns, as the audit trail keeps them. */
const stored = ({ leaf: _leaf, depth: _depth, ...account }: Category) => account;

export function categoryService(db: Db) {
  const find = async (id: number, on: Db = db) => {
    await findRecord(on, 'finance_categories', id, 'Conta não encontrada.');
    return toApi(await chartRows(on)).find((row) => row.id === id)!;
  };

  /** The stored values of `category`: its code and parent settled, or field errors. */
  const settle = async (on: Db, category: CategoryInput, existing?: Category) => {
    const chart = toApi(await chartRows(on));
    const others = chart.filter((row) => row.id !== existing?.id);
    const byCode = new Map(others.map((row) => [row.code, row]));
    if (category.is_tithe && category.kind !== 'income') {
      throw invalid({ is_tithe: 'Só uma categoria de receita pode ser de dízimos.' });
    }
    if (
      others.some(
        (row) => row.kind === category.kind && searchText(row.name) === searchText(category.name),
      )
    ) {
      throw invalid({ name: 'Já existe uma conta deste tipo com este nome.' });
    }

    let parent: Category | undefined;
    let code = category.code;
    if (code) {
      if (byCode.has(code)) throw invalid({ code: `O código ${code} já é de outra conta.` });
      const above = parentCode(code);
      parent = above === null ? undefined : byCode.get(above);
      if (above !== null && !parent) {
        throw invalid({ code: `Não há conta com o código ${above} para ficar acima desta.` });
      }
      if (category.parent_id !== null && category.parent_id !== (parent?.id ?? null)) {
        throw invalid({
          code: parent
            ? `O código deve começar pelo da conta superior escolhida.`
            : 'Uma conta de primeiro nível não tem conta superior.',
        });
      }
    } else {
      const role = DEFAULT_GROUP_ROLE[category.kind];
      parent =
        category.parent_id !== null
          ? others.find((row) => row.id === category.parent_id)
          : others.find((row) => role !== undefined && row.role === role);
      if (!parent) {
        throw invalid({
          parent_id:
            category.parent_id !== null
              ? 'Conta superior não encontrada.'
              : 'Escolha a conta superior ou informe o código.',
        });
      }
      code =
        existing && existing.parent_id === parent.id
          ? existing.code
          : nextChildCode(
              parent.code,
              others.map((row) => row.code),
            );
    }
    if (parent) {
      if (existing && accountPath(chart, parent.id).some((row) => row.id === existing.id)) {
        throw invalid({ parent_id: 'Uma conta não pode ficar abaixo de si mesma.' });
      }
      if (!kindFitsParent(category.kind, parent.kind)) {
        throw invalid({ kind: 'O tipo da conta deve ser o mesmo da conta superior.' });
      }
      if ((await usage(on, parent.id)) > 0) {
        throw invalid({
          parent_id:
            'A conta superior já tem lançamentos: escolha um grupo, ou crie um grupo para ela.',
        });
      }
    }
    if (existing) {
      const children = chart.filter((row) => row.parent_id === existing.id);
      if (category.kind !== existing.kind && children.length > 0) {
        throw invalid({ kind: 'Esta conta tem subcontas: o tipo não pode ser trocado.' });
      }
      if (existing.kind !== category.kind && (await usage(on, existing.id)) > 0) {
        throw invalid({
          kind: 'Esta categoria já tem lançamentos: não é possível trocar receita por despesa.',
        });
      }
    }
    return {
      name: category.name,
      kind: category.kind,
      code,
      parent_id: parent?.id ?? null,
      active: category.active,
      is_tithe: category.is_tithe,
    };
  };

  /** A group renumbered carries its subaccounts' codes along (3.9.01 → 3.5.01). */
  const renumberBelow = async (trx: Db, chart: Category[], from: string, to: string) => {
    const below = chart.filter((row) => row.code.startsWith(`${from}.`));
    // Two steps, so no code is briefly held twice under the unique index.
    for (const row of below) {
      await trx
        .updateTable('finance_categories')
        .set({ code: `#${row.id}` })
        .where('id', '=', row.id)
        .execute();
    }
    for (const row of below) {
      await trx
        .updateTable('finance_categories')
        .set({ code: to + row.code.slice(from.length) })
        .where('id', '=', row.id)
        .execute();
    }
  };

  return {
    find: (id: number) => find(id),

    async list({ sort, range, filter }: ListParams) {
      const filters = filtersOf(filter, [
        'q',
        'id',
        'kind',
        'active',
        'is_tithe',
        'parent_id',
        'postable',
      ]);
      let rows = toApi(await chartRows(db));
      if (filters.q !== undefined) {
        const words = searchText(textFilter(filters.q, 'q')).split(' ');
        rows = rows.filter((row) =>
          words.every((word) => searchText(`${row.code} ${row.name}`).includes(word)),
        );
      }
      if (filters.id !== undefined) {
        const ids = idsFilter(filters.id);
        rows = rows.filter((row) => ids.includes(row.id));
      }
      if (filters.parent_id !== undefined) {
        const ids = idsFilter(filters.parent_id);
        rows = rows.filter((row) => row.parent_id !== null && ids.includes(row.parent_id));
      }
      if (filters.kind !== undefined) {
        const kind = choiceFilter(filters.kind, 'kind', ACCOUNT_KINDS);
        rows = rows.filter((row) => row.kind === kind);
      }
      if (filters.active !== undefined) {
        const active = boolFilter(filters.active, 'active');
        rows = rows.filter((row) => row.active === active);
      }
      if (filters.is_tithe !== undefined) {
        const tithe = boolFilter(filters.is_tithe, 'is_tithe');
        rows = rows.filter((row) => row.is_tithe === tithe);
      }
      if (filters.postable !== undefined) {
        // What a movement may take: income and expense leaves.
        const postable = boolFilter(filters.postable, 'postable');
        rows = rows.filter(
          (row) => postable === (row.leaf && (row.kind === 'income' || row.kind === 'expense')),
        );
      }
      const key = sort.field as keyof Category;
      const direction = sort.order === 'asc' ? 1 : -1;
      rows.sort((a, b) => {
        if (key === 'code') return direction * compareCodes(a.code, b.code);
        const x = typeof a[key] === 'string' ? searchText(String(a[key])) : Number(a[key]);
        const y = typeof b[key] === 'string' ? searchText(String(b[key])) : Number(b[key]);
        return direction * (x < y ? -1 : x > y ? 1 : a.id - b.id);
      });
      return { rows: rows.slice(range.offset, range.offset + range.limit), total: rows.length };
    },

    create: (actor: Actor, category: CategoryInput) =>
      inTransaction(db, async (trx) => {
        const values = await settle(trx, category);
        const { id } = await trx
          .insertInto('finance_categories')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        const after = await find(id, trx);
        await audit(trx, actor, {
          action: 'create',
          resource: 'finance_categories',
          record_id: id,
          after: stored(after),
        });
        return after;
      }),

    /** `changes` merged with the stored account, validated as a whole. */
    async update(actor: Actor, id: number, changes: Record<string, unknown>) {
      const existing = await find(id);
      const category = validated(categorySchema, { ...existing, ...changes });
      return inTransaction(db, async (trx) => {
        const values = await settle(trx, category, existing);
        const chart = toApi(await chartRows(trx));
        const renumbered = values.code !== existing.code;
        await trx
          .updateTable('finance_categories')
          .set(renumbered ? { ...values, code: `#${id}` } : values)
          .where('id', '=', id)
          .execute();
        if (renumbered) {
          await renumberBelow(trx, chart, existing.code, values.code);
          await trx
            .updateTable('finance_categories')
            .set({ code: values.code })
            .where('id', '=', id)
            .execute();
        }
        const after = await find(id, trx);
        await audit(trx, actor, {
          action: 'update',
          resource: 'finance_categories',
          record_id: id,
          before: stored(existing),
          after: stored(after),
        });
        return after;
      });
    },

    remove: (actor: Actor, id: number) =>
      deleteUnlessInUse(db, actor, 'finance_categories', id, {
        find,
        audited: stored,
        async inUse(trx, id) {
          const account = await find(id, trx);
          if (!account.leaf) {
            return 'Esta conta tem subcontas: não pode ser excluída. Para deixar de usá-la, desmarque “Ativa”.';
          }
          if (account.role) {
            return 'O plano de contas precisa desta conta para os lançamentos contábeis: não pode ser excluída.';
          }
          const bank = await trx
            .selectFrom('bank_accounts')
            .select('name')
            .where('ledger_account_id', '=', id)
            .executeTakeFirst();
          if (bank) {
            return `Esta é a conta contábil da conta bancária “${bank.name}”: não pode ser excluída.`;
          }
          const used = await usage(trx, id);
          if (used > 0) {
            return (
              `Esta categoria está em uso (${plural(used, 'lançamento', 'lançamentos')}): ` +
              'não pode ser excluída. Para deixar de usá-la, desmarque “Ativa”.'
            );
          }
          // A budget (issue 27) names it too: its plan would be lost with it.
          const { count } = await trx
            .selectFrom('budgets')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('category_id', '=', id)
            .executeTakeFirstOrThrow();
          return Number(count) > 0
            ? 'Esta categoria está no orçamento: não pode ser excluída. ' +
                'Para deixar de usá-la, desmarque “Ativa”.'
            : null;
        },
      }),
  };
}
