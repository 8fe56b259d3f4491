// /api/transactions: every money movement of every account. Incomes and expense payments
// create their own; here the treasurer also moves money between accounts (two linked
// movements) and adjusts a balance. Lists carry totals and a CSV export.
import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder, SelectQueryBuilder, Selectable } from 'kysely';
import { formatDate } from '../../../domain/formats.js';
import { TRANSACTION_KINDS, TRANSACTION_KIND_LABELS } from '../../../domain/finance/labels.js';
import { adjustmentSchema, transferSchema } from '../../../domain/finance/schemas.js';
import { resourceByApi } from '../../../domain/resources.js';
import { likePattern, searchWords } from '../../../domain/search.js';
import { fieldErrors } from '../../../domain/validation.js';
import { keysetBatches, keysetSegment } from '../../db/keyset.js';
import type { Database, TransactionsTable } from '../../db/schema.js';
import { type CsvColumn, sendCsv } from '../../http/csv.js';
import { badRequest, conflict, invalid } from '../../plugins/errors.js';
import { type ListParams, parseId, parseListParams, sendList } from '../../http/simpleRest.js';
import { actorOf, audit } from './audit.js';
import { addTransaction, removeTransaction } from './ledger.js';
import { cappedCount } from '../../db/count.js';
import { type FilterRule, applyFilters, pageOf } from './query.js';
import { type FieldErrors, checkAccount, findRecord } from './references.js';
import type { Db } from './types.js';

const SORTS = { date: 'date', amount_cents: 'amount_cents', id: 'id' } as const;
const FILTERS: Record<string, FilterRule<SelectQueryBuilder<Database, 'transactions', object>>> = {
  q: (found, value) => {
    for (const word of searchWords(String(value))) {
      found = found.where((eb) => eb(eb.fn('lower', ['description']), 'like', likePattern(word)));
    }
    return found;
  },
  id: 'ids',
  bank_account_id: 'reference',
  category_id: 'reference',
  kind: TRANSACTION_KINDS,
  income_id: 'reference',
  expense_id: 'reference',
  date_gte: 'from',
  date_lte: 'to',
};
export const EXPORT_LIMIT = 250_000;

function filtered(db: Db, filter: Record<string, unknown>) {
  return applyFilters(db.selectFrom('transactions'), filter, FILTERS);
}

const find = (db: Db, id: number) =>
  findRecord(db, 'transactions', id, 'Lançamento não encontrado.');

/** sum(amount) of the movements that match, as a number (0 when none). */
const sumWhere = (
  eb: ExpressionBuilder<Database, 'transactions'>,
  condition: ReturnType<ExpressionBuilder<Database, 'transactions'>['and']>,
) =>
  eb.fn.coalesce(
    eb.fn.sum<number>(eb.case().when(condition).then(eb.ref('amount_cents')).else(0).end()),
    eb.lit(0),
  );

/** 123456 -> '1234,56' (a number a spreadsheet in Portuguese reads). */
const csvAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

type ExportRow = Pick<
  Selectable<TransactionsTable>,
  'id' | 'date' | 'bank_account_id' | 'description' | 'kind' | 'category_id' | 'amount_cents'
>;

/** The filtered movements in the list's order, refused (400) beyond EXPORT_LIMIT. */
async function transactionExport(
  db: Db,
  filter: Record<string, unknown>,
  sort: ListParams['sort'],
) {
  const query = filtered(db, filter);
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  if (Number(total) > EXPORT_LIMIT) {
    throw badRequest(
      `São ${Number(total).toLocaleString('pt-BR')} lançamentos: filtre por período ou conta ` +
        `(no máximo ${EXPORT_LIMIT.toLocaleString('pt-BR')} por arquivo).`,
    );
  }
  const accounts = new Map(
    (await db.selectFrom('bank_accounts').select(['id', 'name']).execute()).map((a) => [
      a.id,
      a.name,
    ]),
  );
  const categories = new Map(
    (await db.selectFrom('finance_categories').select(['id', 'name']).execute()).map((c) => [
      c.id,
      c.name,
    ]),
  );
  const column = SORTS[sort.field as keyof typeof SORTS];
  const keys = column === 'id' ? ['id'] : [column, 'id'];
  const read = keysetSegment(
    query.select([
      'id',
      'date',
      'bank_account_id',
      'description',
      'kind',
      'category_id',
      'amount_cents',
    ]),
    keys,
    sort.order,
    (row) => keys.map((key) => row[key as keyof typeof row]),
  );
  const columns: CsvColumn<ExportRow>[] = [
    { header: 'Data', value: (row) => formatDate(row.date) },
    { header: 'Conta', value: (row) => accounts.get(row.bank_account_id) },
    { header: 'Descrição', value: (row) => row.description },
    {
      header: 'Tipo',
      value: (row) =>
        TRANSACTION_KIND_LABELS[row.kind as keyof typeof TRANSACTION_KIND_LABELS] ?? row.kind,
    },
    {
      header: 'Categoria',
      value: (row) => (row.category_id ? categories.get(row.category_id) : ''),
    },
    { header: 'Valor (R$)', value: (row) => csvAmount(row.amount_cents) },
  ];
  return { columns, batches: keysetBatches([read], EXPORT_LIMIT) };
}

export async function transactionsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const access = resourceByApi('transactions');
  const url = '/api/transactions';
  const listParams = (query: unknown) =>
    parseListParams(query as Record<string, unknown>, {
      sortable: Object.keys(SORTS),
      defaultSort: { field: 'date', order: 'desc' },
    });

  app.get(url, { config: { access: access.read } }, async (request, reply) => {
    const { sort, range, filter } = listParams(request.query);
    const query = filtered(db, filter);
    const [rows, count] = await Promise.all([
      pageOf(query.selectAll(), SORTS[sort.field as keyof typeof SORTS], sort, range).execute(),
      cappedCount(db, query.select('id')),
    ]);
    return sendList(reply, 'transactions', range.offset, rows, count);
  });

  // The totals of the filtered list: money in and out by kind, and the net result.
  app.get(`${url}/summary`, { config: { access: access.read } }, async (request) => {
    const { filter } = listParams(request.query);
    const row = await filtered(db, filter)
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        sumWhere(eb, eb.and([eb('kind', '=', 'income')])).as('income'),
        sumWhere(eb, eb.and([eb('kind', '=', 'expense')])).as('expense'),
        sumWhere(eb, eb.and([eb('kind', '=', 'transfer'), eb('amount_cents', '>', 0)])).as(
          'transfer_in',
        ),
        sumWhere(eb, eb.and([eb('kind', '=', 'transfer'), eb('amount_cents', '<', 0)])).as(
          'transfer_out',
        ),
        sumWhere(eb, eb.and([eb('kind', '=', 'adjustment')])).as('adjustment'),
        eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('net'),
      ])
      .executeTakeFirstOrThrow();
    return {
      count: Number(row.count),
      income_cents: Number(row.income),
      expense_cents: -Number(row.expense),
      transfer_in_cents: Number(row.transfer_in),
      transfer_out_cents: -Number(row.transfer_out),
      adjustment_cents: Number(row.adjustment),
      net_cents: Number(row.net),
    };
  });

  app.get(`${url}/export`, { config: { access: access.read } }, async (request, reply) => {
    const { sort, filter } = listParams(request.query);
    const { columns, batches } = await transactionExport(db, filter, sort);
    return sendCsv(reply, 'lancamentos.csv', columns, batches);
  });

  app.get(`${url}/:id`, { config: { access: access.read } }, async (request) =>
    find(db, parseId((request.params as { id: string }).id)),
  );

  // A transfer between two accounts, or an adjustment of one account's balance.
  app.post(url, { config: { access: access.write } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.kind !== 'transfer' && body.kind !== 'adjustment') {
      throw invalid({ kind: 'Escolha transferência ou ajuste.' });
    }
    const actor = actorOf(request);
    if (body.kind === 'transfer') {
      const parsed = transferSchema.safeParse(body);
      if (!parsed.success) throw invalid(fieldErrors(parsed.error));
      const transfer = parsed.data;
      const errors: FieldErrors = {};
      await checkAccount(db, errors, transfer.from_account_id, true, 'from_account_id');
      await checkAccount(db, errors, transfer.to_account_id, true, 'to_account_id');
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const names = new Map(
        (
          await db
            .selectFrom('bank_accounts')
            .select(['id', 'name'])
            .where('id', 'in', [transfer.from_account_id, transfer.to_account_id])
            .execute()
        ).map((a) => [a.id, a.name]),
      );
      const record = await db.transaction().execute(async (trx) => {
        const text = (other: number, direction: 'para' | 'de') =>
          transfer.description ?? `Transferência ${direction} ${names.get(other) ?? 'outra conta'}`;
        const outId = await addTransaction(trx, {
          bank_account_id: transfer.from_account_id,
          date: transfer.date,
          description: text(transfer.to_account_id, 'para'),
          amount_cents: -transfer.amount_cents,
          kind: 'transfer',
        });
        const inId = await addTransaction(trx, {
          bank_account_id: transfer.to_account_id,
          date: transfer.date,
          description: text(transfer.from_account_id, 'de'),
          amount_cents: transfer.amount_cents,
          kind: 'transfer',
          linked_id: outId,
        });
        await trx
          .updateTable('transactions')
          .set({ linked_id: inId })
          .where('id', '=', outId)
          .execute();
        const out = await find(trx, outId);
        await audit(trx, actor, {
          action: 'create',
          resource: 'transactions',
          record_id: outId,
          after: {
            ...out,
            to_account_id: transfer.to_account_id,
            amount_cents: transfer.amount_cents,
          },
        });
        return out;
      });
      reply.code(201);
      return record;
    }
    const parsed = adjustmentSchema.safeParse(body);
    if (!parsed.success) throw invalid(fieldErrors(parsed.error));
    const adjustment = parsed.data;
    const errors: FieldErrors = {};
    await checkAccount(db, errors, adjustment.bank_account_id);
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const record = await db.transaction().execute(async (trx) => {
      const id = await addTransaction(trx, {
        bank_account_id: adjustment.bank_account_id,
        date: adjustment.date,
        description: adjustment.description,
        amount_cents: adjustment.amount_cents,
        kind: 'adjustment',
      });
      const after = await find(trx, id);
      await audit(trx, actor, { action: 'create', resource: 'transactions', record_id: id, after });
      return after;
    });
    reply.code(201);
    return record;
  });

  // Only transfers (both legs go) and adjustments are deleted here; the movements of incomes
  // and payments follow their records.
  app.delete(`${url}/:id`, { config: { access: access.write } }, async (request) => {
    const id = parseId((request.params as { id: string }).id);
    return db.transaction().execute(async (trx) => {
      const movement = await find(trx, id);
      if (movement.income_id) {
        throw conflict('Este lançamento é de uma receita: edite ou exclua a receita.');
      }
      if (movement.payable_id || movement.expense_id) {
        throw conflict(
          'Este lançamento é o pagamento de uma despesa: estorne o pagamento em Contas a pagar, ou edite a despesa.',
        );
      }
      await removeTransaction(trx, id);
      if (movement.linked_id) await removeTransaction(trx, movement.linked_id);
      await audit(trx, actorOf(request), {
        action: 'delete',
        resource: 'transactions',
        record_id: id,
        before: movement,
      });
      return movement;
    });
  });
}
