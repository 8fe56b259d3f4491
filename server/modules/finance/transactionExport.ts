// The CSV export of the movements a list's filter selects, in the list's order, read in
// keyset batches so a big file never sits in memory.
import { formatDate } from '../../../domain/formats.js';
import { TRANSACTION_KIND_LABELS } from '../../../domain/finance/labels.js';
import { keysetBatches, keysetSegment } from '../../db/keyset.js';
import type { FinanceTransaction } from '../../db/schema.js';
import type { CsvColumn } from '../../http/csv.js';
import type { Scope } from '../../http/scope.js';
import type { ListParams } from '../../http/simpleRest.js';
import { badRequest } from '../../plugins/errors.js';
import { SORTS, filtered } from './transactionService.js';
import type { Db } from './types.js';

export const EXPORT_LIMIT = 250_000;

/** 123456 -> '1234,56' (a number a spreadsheet in Portuguese reads). */
const csvAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

type ExportRow = Pick<
  FinanceTransaction,
  'id' | 'date' | 'bank_account_id' | 'description' | 'kind' | 'category_id' | 'amount_cents'
>;

/** The filtered movements in the list's order, refused (400) beyond EXPORT_LIMIT. */
export async function transactionExport(
  db: Db,
  filter: Record<string, unknown>,
  sort: ListParams['sort'],
  view: Scope,
) {
  const query = filtered(db, filter, view);
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
    { header: 'Valor (R$)', value: (row) => csvAmount(row.amount_cents), numeric: true },
  ];
  return { columns, batches: keysetBatches([read], EXPORT_LIMIT) };
}
