// The congregations (issue 12): the sede, its sub-sedes and congregações. The list and the
// writes, with the kind rules (one sede without a parent, a sub-sede under the sede, a
// congregação under the sede or a sub-sede, never under itself), the slug (from the name when
// empty, unique) and deletes refused while anything belongs to the congregation.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { bpToPercent, percentToBp } from '../../../domain/finance/repasses.js';
import { closedMonthMessage } from '../../../domain/finance/periods.js';
import { type CongregationInput, congregationSchema } from '../../../domain/congregationSchema.js';
import {
  CONGREGATION_KINDS,
  congregationSearch,
  parseCongregationIds,
  slugOf,
} from '../../../domain/congregations.js';
import { likePattern, searchWords } from '../../../domain/search.js';
import type { Database } from '../../db/schema.js';
import { type Actor, audit } from '../../audit/trail.js';
import type { Congregation } from '../../db/tables/congregations.js';
import type { ListParams } from '../../http/simpleRest.js';
import { type Scope, ensureReadable } from '../../http/scope.js';
import { conflict, invalid, notFound, validated } from '../../plugins/errors.js';
import {
  applyFilters,
  asBool,
  boolFilter,
  choiceFilter,
  idFilter,
  idsFilter,
  textFilter,
  totalOf,
} from '../../http/listFilters.js';
import type { Db } from '../finance/index.js';

export const NOT_FOUND = 'Congregação não encontrada.';

/** The list's sorts: the kind in the hierarchy's order (sede, sub-sedes, congregações). */
export const CONGREGATION_SORTS = ['name', 'kind', 'city', 'active', 'slug', 'id'] as const;

const KIND_ORDER = sql<number>`case congregations.kind when 'sede' then 0 when 'subsede' then 1 else 2 end`;

export interface ApiCongregation extends Omit<Congregation, 'search' | 'active'> {
  active: boolean;
  parent_name: string | null;
  /** The latest repasse to the sede (issue 27): its percentage and first month, or nulls. */
  transfer_percent: number | null;
  transfer_from: string | null;
}

type Row = Congregation & {
  parent_name: string | null;
  transfer_rate_bp: number | null;
  transfer_from: string | null;
};

function toApi(row: Row): ApiCongregation {
  const { search: _search, transfer_rate_bp, ...fields } = row;
  return {
    ...fields,
    active: asBool(row.active),
    parent_name: row.parent_name ?? null,
    transfer_percent: transfer_rate_bp === null ? null : bpToPercent(Number(transfer_rate_bp)),
    transfer_from: row.transfer_from ?? null,
  };
}

const selectRows = (db: Db) => {
  const latestRate = (eb: ExpressionBuilder<Database, 'congregations'>) =>
    eb
      .selectFrom('congregation_transfer_rates')
      .whereRef('congregation_transfer_rates.congregation_id', '=', 'congregations.id')
      .orderBy('congregation_transfer_rates.from_month', 'desc')
      .limit(1);
  return db
    .selectFrom('congregations')
    .leftJoin('congregations as parent', 'parent.id', 'congregations.parent_id')
    .selectAll('congregations')
    .select('parent.name as parent_name')
    .select((eb) => [
      latestRate(eb).select('congregation_transfer_rates.rate_bp').as('transfer_rate_bp'),
      latestRate(eb).select('congregation_transfer_rates.from_month').as('transfer_from'),
    ]);
};

/** The tables whose rows belong to a congregation, and how a refusal names them. */
const BELONGING = [
  ['members', 'membros'],
  ['departments', 'departamentos'],
  ['bank_accounts', 'contas bancárias'],
  ['incomes', 'receitas'],
  ['expenses', 'despesas'],
  ['accounts_payable', 'contas a pagar'],
  ['worship_services', 'horários de culto'],
  ['gatherings', 'cultos e eventos'],
  ['visitors', 'visitantes'],
  ['budgets', 'orçamento'],
] as const;

export function congregationService(db: Kysely<Database>) {
  const find = async (id: number, on: Db = db): Promise<ApiCongregation> => {
    const row = await selectRows(on).where('congregations.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(NOT_FOUND);
    return toApi(row as Row);
  };

  /** The first free slug of `base`: base, base-2, base-3… (`id` itself excepted). */
  const freeSlug = async (on: Db, base: string, id?: number) => {
    let query = on
      .selectFrom('congregations')
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
    if (id) query = query.where('id', '!=', id);
    const taken = new Set((await query.execute()).map((row) => row.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) {
      const suffix = `-${n}`;
      const candidate = `${base.slice(0, 60 - suffix.length).replace(/-+$/, '')}${suffix}`;
      if (!taken.has(candidate)) return candidate;
    }
  };

  /** The kind rules and the slug, checked against the stored congregations; columns or 422. */
  const prepare = async (on: Db, input: CongregationInput, existing?: ApiCongregation) => {
    const errors: Record<string, string> = {};
    const id = existing?.id;
    const sede = await on
      .selectFrom('congregations')
      .select(['id', 'name'])
      .where('kind', '=', 'sede')
      .executeTakeFirst();
    let parentId = input.parent_id;

    if (input.kind === 'sede') {
      if (sede && sede.id !== id) {
        errors.kind = `A igreja já tem uma sede: ${sede.name}. Escolha sub-sede ou congregação.`;
      }
      if (parentId !== null) errors.parent_id = 'A sede não é vinculada a outra congregação.';
    } else {
      if (existing?.kind === 'sede') {
        errors.kind = 'A sede continua sede: cadastre outra congregação para ser sub-sede.';
      }
      // Without a choice, a sub-sede or a congregação is linked to the sede.
      parentId ??= sede?.id ?? null;
      if (parentId === null) {
        errors.parent_id = 'Cadastre a sede antes.';
      } else if (parentId === id) {
        errors.parent_id = 'Uma congregação não pode ser vinculada a ela mesma.';
      } else {
        const parent = await on
          .selectFrom('congregations')
          .select(['id', 'kind', 'parent_id'])
          .where('id', '=', parentId)
          .executeTakeFirst();
        if (!parent) {
          errors.parent_id = 'Congregação de origem não encontrada.';
        } else if (input.kind === 'subsede' && parent.kind !== 'sede') {
          errors.parent_id = 'Uma sub-sede é vinculada à sede.';
        } else if (input.kind === 'congregacao' && parent.kind === 'congregacao') {
          errors.parent_id = 'Uma congregação é vinculada à sede ou a uma sub-sede.';
        } else if (id !== undefined && (await isAncestor(on, id, parent.id))) {
          errors.parent_id = 'Uma congregação não pode ser vinculada a uma de suas filhas.';
        }
      }
      // A sub-sede with congregações under it keeps its kind while they are there.
      if (existing && existing.kind !== input.kind && input.kind === 'congregacao') {
        const child = await on
          .selectFrom('congregations')
          .select('name')
          .where('parent_id', '=', existing.id)
          .executeTakeFirst();
        if (child) {
          errors.kind = `Há congregações vinculadas a esta sub-sede (${child.name}): vincule-as a outra antes.`;
        }
      }
    }

    let slug = input.slug;
    if (slug === null) {
      // Empty: from the name; a new name keeps the stored slug unless it was cleared on purpose.
      slug = await freeSlug(on, slugOf(input.name), id);
    } else if (slug !== existing?.slug) {
      let query = on.selectFrom('congregations').select('name').where('slug', '=', slug);
      if (id) query = query.where('id', '!=', id);
      const twin = await query.executeTakeFirst();
      if (twin) errors.slug = `Este endereço de link já é usado por: ${twin.name}.`;
    }

    if (input.kind === 'sede' && input.transfer_percent !== null) {
      errors.transfer_percent = 'A sede não faz repasse: o percentual é de cada congregação.';
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const { transfer_percent: _percent, transfer_from: _from, ...fields } = input;
    return {
      ...fields,
      parent_id: input.kind === 'sede' ? null : parentId,
      slug,
      search: congregationSearch(input),
    };
  };

  /**
   * The repasse's rate from its month on (issue 27), unless it is the current one already. A rate
   * starting in or before a closed month would change what that month owed: refused (409).
   */
  const saveRate = async (
    on: Db,
    id: number,
    input: CongregationInput,
    existing?: ApiCongregation,
  ) => {
    const percent = input.transfer_percent ?? null;
    const from = input.transfer_from ?? null;
    if (percent === null || from === null) return;
    if (existing?.transfer_percent === percent && existing.transfer_from === from) return;
    const closed = await on
      .selectFrom('finance_periods')
      .select(['month', 'approved_on'])
      .where('status', '=', 'closed')
      .where('month', '>=', from)
      .orderBy('month')
      .executeTakeFirst();
    if (closed) throw conflict(closedMonthMessage(closed.month, String(closed.approved_on)));
    await on
      .deleteFrom('congregation_transfer_rates')
      .where('congregation_id', '=', id)
      .where('from_month', '=', from)
      .execute();
    await on
      .insertInto('congregation_transfer_rates')
      .values({ congregation_id: id, from_month: from, rate_bp: percentToBp(percent) })
      .execute();
  };

  /** Whether `ancestorId` is `id` or one of its ancestors' (walking up from `id`). */
  const isAncestor = async (on: Db, ancestorId: number, id: number) => {
    const seen = new Set<number>();
    let current: number | null = id;
    while (current !== null && !seen.has(current)) {
      if (current === ancestorId) return true;
      seen.add(current);
      const row: { parent_id: number | null } | undefined = await on
        .selectFrom('congregations')
        .select('parent_id')
        .where('id', '=', current)
        .executeTakeFirst();
      current = row?.parent_id ?? null;
    }
    return false;
  };

  /** A unique slug taken by a write running at the same time: the form's message, not a 500. */
  const uniqueSlug = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      const text = String((error as { message?: unknown })?.message ?? '');
      if ((error as { code?: unknown })?.code === '23505' || /unique/i.test(text)) {
        throw invalid({ slug: 'Este endereço de link acabou de ser usado: tente outro.' });
      }
      throw error;
    }
  };

  return {
    find,

    /** The congregations `scope` may see (all of them for the whole church). */
    async list({ sort, range, filter }: ListParams, scope: Scope) {
      let query = applyFilters(db.selectFrom('congregations'), filter, {
        q: (found, value) => {
          for (const word of searchWords(textFilter(value, 'q'))) {
            found = found.where('congregations.search', 'like', likePattern(word));
          }
          return found;
        },
        id: (found, value) => found.where('congregations.id', 'in', idsFilter(value)),
        // One kind, or several (the form's "vinculada a": the sede and the sub-sedes).
        kind: (found, value) =>
          found.where(
            'congregations.kind',
            'in',
            (Array.isArray(value) ? value : [value]).map((kind) =>
              choiceFilter(kind, 'kind', CONGREGATION_KINDS),
            ),
          ),
        active: (found, value) =>
          found.where('congregations.active', '=', boolFilter(value, 'active')),
        parent_id: (found, value) =>
          found.where('congregations.parent_id', '=', idFilter(value, 'parent_id')),
      });
      if (scope !== null) {
        query = query.where('congregations.id', 'in', scope.length > 0 ? [...scope] : [0]);
      }
      const ordered = (() => {
        const direction = sort.order;
        const base = query
          .leftJoin('congregations as parent', 'parent.id', 'congregations.parent_id')
          .selectAll('congregations')
          .select('parent.name as parent_name');
        switch (sort.field) {
          case 'kind':
            return base.orderBy(KIND_ORDER, direction).orderBy('congregations.name', direction);
          case 'city':
          case 'active':
          case 'slug':
            return base
              .orderBy(`congregations.${sort.field}`, direction)
              .orderBy('congregations.name', direction);
          case 'name':
            return base.orderBy('congregations.name', direction);
          default:
            return base;
        }
      })();
      const [rows, count] = await Promise.all([
        ordered
          .orderBy('congregations.id', sort.order)
          .offset(range.offset)
          .limit(range.limit)
          .execute(),
        totalOf(db, query.select('id')),
      ]);
      return { rows: rows.map((row) => toApi(row as Row)), total: count };
    },

    async show(id: number, scope: Scope) {
      const congregation = await find(id);
      ensureReadable(scope, congregation.id);
      return congregation;
    },

    async create(input: CongregationInput, actor: Actor) {
      return uniqueSlug(() =>
        db.transaction().execute(async (trx) => {
          const columns = await prepare(trx, input);
          const now = new Date().toISOString();
          const { id } = await trx
            .insertInto('congregations')
            .values({ ...columns, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          await saveRate(trx, id, input);
          const created = await find(id, trx);
          await audit(trx, actor, {
            action: 'create',
            resource: 'congregations',
            record_id: id,
            after: created,
          });
          return created;
        }),
      );
    },

    /** `changes` merged with the stored congregation, validated as a whole. */
    async update(id: number, changes: Record<string, unknown>, actor: Actor) {
      return uniqueSlug(() =>
        db.transaction().execute(async (trx) => {
          const existing = await find(id, trx);
          const input = validated(congregationSchema, { ...existing, ...changes });
          const columns = await prepare(trx, input, existing);
          await trx
            .updateTable('congregations')
            .set({ ...columns, updated_at: new Date().toISOString() })
            .where('id', '=', id)
            .execute();
          await saveRate(trx, id, input, existing);
          const updated = await find(id, trx);
          await audit(trx, actor, {
            action: 'update',
            resource: 'congregations',
            record_id: id,
            before: existing,
            after: updated,
          });
          return updated;
        }),
      );
    },

    /** Deletes a congregation nothing belongs to; otherwise a 409 asking to inactivate it. */
    async remove(id: number, actor: Actor) {
      return db.transaction().execute(async (trx) => {
        const existing = await find(id, trx);
        if (existing.kind === 'sede') throw conflict('A sede não pode ser excluída.');
        const holding: string[] = [];
        for (const [table, words] of BELONGING) {
          const row = await trx
            .selectFrom(table)
            .select('id')
            .where('congregation_id', '=', id)
            .limit(1)
            .executeTakeFirst();
          if (row) holding.push(words);
        }
        const moved = await trx
          .selectFrom('member_moves')
          .select('id')
          .where((eb) =>
            eb.or([eb('from_congregation_id', '=', id), eb('to_congregation_id', '=', id)]),
          )
          .limit(1)
          .executeTakeFirst();
        if (moved) holding.push('histórico de mudanças de membros');
        if (holding.length > 0) {
          throw conflict(
            `Esta congregação tem ${listOf(holding)}: não pode ser excluída. ` +
              'Para deixar de usá-la, inative-a.',
          );
        }
        const child = await trx
          .selectFrom('congregations')
          .select('name')
          .where('parent_id', '=', id)
          .executeTakeFirst();
        if (child) {
          throw conflict(
            `Há congregações vinculadas a esta (${child.name}): vincule-as a outra ou inative-a.`,
          );
        }
        const users = await trx.selectFrom('users').select(['name', 'congregation_ids']).execute();
        const user = users.find((row) => parseCongregationIds(row.congregation_ids).includes(id));
        if (user) {
          throw conflict(
            `O usuário ${user.name} tem acesso a esta congregação: tire-a do usuário ou inative-a.`,
          );
        }
        const deleted = await trx
          .deleteFrom('congregations')
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) throw notFound(NOT_FOUND);
        await audit(trx, actor, {
          action: 'delete',
          resource: 'congregations',
          record_id: id,
          before: existing,
        });
        return existing;
      });
    },
  };
}

function listOf(words: string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} e ${words[words.length - 1]}`;
}
