// The orçamento anual (issue 27): a congregation's year read as a grid (one line per category,
// twelve months) and saved whole — the rows of that congregation and year replaced in one
// transaction, with one audit entry naming each cell that changed. A budget is a plan, not a
// movement: no closed month (migration 0042) blocks it.
import { MONTH_ABBREVIATIONS } from '../../../domain/calendar.js';
import { isMovementKind } from '../../../domain/finance/chart.js';
import {
  BUDGET_MONTHS,
  type BudgetInput,
  type BudgetLine,
  YEAR_MESSAGE,
  budgetSchema,
} from '../../../domain/finance/budget.js';
import { inTransaction } from '../../db/executor.js';
import { type Actor, audit } from '../../audit/trail.js';
import { type Scope, ensureReadable, ensureWritable } from '../../http/scope.js';
import { badRequest, invalid, notFound, validated } from '../../plugins/errors.js';
import type { Db } from './types.js';

export interface BudgetGrid {
  congregation_id: number;
  year: number;
  /** The categories with something planned, by category id. */
  lines: BudgetLine[];
}

/** The planned cells of a congregation's year as lines of twelve months. */
async function readGrid(db: Db, congregationId: number, year: number): Promise<BudgetLine[]> {
  const rows = await db
    .selectFrom('budgets')
    .select(['category_id', 'month', 'amount_cents'])
    .where('congregation_id', '=', congregationId)
    .where('year', '=', year)
    .orderBy('category_id')
    .execute();
  const lines = new Map<number, number[]>();
  for (const row of rows) {
    const months =
      lines.get(row.category_id) ??
      lines.set(row.category_id, Array<number>(BUDGET_MONTHS).fill(0)).get(row.category_id)!;
    months[row.month - 1] = Number(row.amount_cents);
  }
  return [...lines].map(([category_id, months]) => ({ category_id, months }));
}

/** A query's congregation and year, or a 400 in Portuguese. */
export function gridKey(raw: Record<string, unknown>): { congregationId: number; year: number } {
  const congregationId = Number(raw.congregation_id);
  const year = Number(raw.year);
  if (!Number.isSafeInteger(congregationId) || congregationId <= 0) {
    throw badRequest('Escolha a congregação (congregation_id).');
  }
  if (!budgetSchema.shape.year.safeParse(year).success) {
    throw badRequest(YEAR_MESSAGE);
  }
  return { congregationId, year };
}

export function budgetService(db: Db) {
  async function ensureCongregation(id: number, on: Db) {
    const found = await on
      .selectFrom('congregations')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) throw invalid({ congregation_id: 'Congregação não encontrada.' });
  }

  /** Every line's category exists and is an income or expense leaf of the plano de contas. */
  async function ensureCategories(lines: BudgetLine[], on: Db) {
    if (lines.length === 0) return;
    const found = await on
      .selectFrom('finance_categories')
      .select(['id', 'kind'])
      .where(
        'id',
        'in',
        lines.map((line) => line.category_id),
      )
      .execute();
    const kinds = new Map(found.map((row) => [row.id, row.kind]));
    const groups = new Set(
      found.length === 0
        ? []
        : (
            await on
              .selectFrom('finance_categories')
              .select('parent_id')
              .where(
                'parent_id',
                'in',
                found.map((row) => row.id),
              )
              .execute()
          ).map((row) => row.parent_id),
    );
    const errors: Record<string, string> = {};
    lines.forEach((line, index) => {
      const kind = kinds.get(line.category_id);
      const field = `lines.${index}.category_id`;
      if (kind === undefined) errors[field] = 'Categoria não encontrada.';
      else if (!isMovementKind(kind)) {
        errors[field] = 'Só contas de receita ou despesa têm orçamento.';
      } else if (groups.has(line.category_id)) {
        errors[field] = 'Esta conta é um grupo do plano de contas: orce as suas subcontas.';
      }
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
  }

  /** The cells of `lines` keyed "Categoria · mês", for the trail (only the non-zero ones). */
  async function cells(lines: BudgetLine[], on: Db): Promise<Record<string, number>> {
    const ids = lines.map((line) => line.category_id);
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await on
              .selectFrom('finance_categories')
              .select(['id', 'code', 'name'])
              .where('id', 'in', ids)
              .execute()
          ).map((row) => [row.id, `${row.code} ${row.name}`]),
    );
    const out: Record<string, number> = {};
    for (const line of lines) {
      line.months.forEach((cents, month) => {
        if (cents !== 0) {
          out[
            `${names.get(line.category_id) ?? line.category_id} · ${MONTH_ABBREVIATIONS[month]}`
          ] = cents;
        }
      });
    }
    return out;
  }

  return {
    async get(scope: Scope, congregationId: number, year: number): Promise<BudgetGrid> {
      ensureReadable(scope, congregationId);
      const exists = await db
        .selectFrom('congregations')
        .select('id')
        .where('id', '=', congregationId)
        .executeTakeFirst();
      if (!exists) throw notFound('Congregação não encontrada.');
      return {
        congregation_id: congregationId,
        year,
        lines: await readGrid(db, congregationId, year),
      };
    },

    async save(actor: Actor, body: unknown): Promise<BudgetGrid> {
      const input: BudgetInput = validated(budgetSchema, body);
      ensureWritable(actor.rights, input.congregation_id);
      return inTransaction(db, async (trx) => {
        await ensureCongregation(input.congregation_id, trx);
        await ensureCategories(input.lines, trx);
        const before = await readGrid(trx, input.congregation_id, input.year);
        await trx
          .deleteFrom('budgets')
          .where('congregation_id', '=', input.congregation_id)
          .where('year', '=', input.year)
          .execute();
        const rows = input.lines.flatMap((line) =>
          line.months.flatMap((amount_cents, month) =>
            amount_cents === 0
              ? []
              : [
                  {
                    congregation_id: input.congregation_id,
                    year: input.year,
                    category_id: line.category_id,
                    month: month + 1,
                    amount_cents,
                  },
                ],
          ),
        );
        // 12 cells a line, 5 values a cell: well inside both databases' bound values.
        for (let start = 0; start < rows.length; start += 1_000) {
          await trx
            .insertInto('budgets')
            .values(rows.slice(start, start + 1_000))
            .execute();
        }
        const after = await readGrid(trx, input.congregation_id, input.year);
        await audit(trx, actor, {
          action: 'update',
          resource: 'budgets',
          record_id: input.congregation_id,
          before: await cells(before, trx),
          after: await cells(after, trx),
          details: { congregation_id: input.congregation_id, year: input.year },
        });
        return { congregation_id: input.congregation_id, year: input.year, lines: after };
      });
    },
  };
}
