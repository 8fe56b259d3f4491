// Checks that the records a form points at exist (and are active, for new movements), as
// field errors in Portuguese.
import type { CategoryKind } from '../../../src/domain/finance/labels.js';
import { asBool } from './query.js';
import type { Db } from './types.js';

export type FieldErrors = Record<string, string>;

/** `changed`: the reference is new or changed, so it must also be active. */
export async function checkCategory(
  db: Db,
  errors: FieldErrors,
  id: number,
  kind: CategoryKind,
  changed = true,
  field = 'category_id',
) {
  const row = await db
    .selectFrom('finance_categories')
    .select(['kind', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) errors[field] ??= 'Categoria não encontrada.';
  else if (row.kind !== kind) {
    errors[field] ??=
      kind === 'income' ? 'Escolha uma categoria de receita.' : 'Escolha uma categoria de despesa.';
  } else if (changed && !asBool(row.active)) errors[field] ??= 'Esta categoria está desativada.';
}

export async function checkAccount(
  db: Db,
  errors: FieldErrors,
  id: number,
  changed = true,
  field = 'bank_account_id',
) {
  const row = await db
    .selectFrom('bank_accounts')
    .select(['active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) errors[field] ??= 'Conta bancária não encontrada.';
  else if (changed && !asBool(row.active)) errors[field] ??= 'Esta conta está desativada.';
}

export async function checkCard(db: Db, errors: FieldErrors, id: number, changed = true) {
  const row = await db
    .selectFrom('credit_cards')
    .select(['active'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) errors.credit_card_id ??= 'Cartão de crédito não encontrado.';
  else if (changed && !asBool(row.active)) errors.credit_card_id ??= 'Este cartão está desativado.';
}

export async function checkExists(
  db: Db,
  errors: FieldErrors,
  table: 'vendors' | 'donors' | 'members',
  id: number,
  field: string,
  message: string,
) {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!row) errors[field] ??= message;
}
