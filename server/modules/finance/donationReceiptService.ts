// The receipts of incomes with a donor (issue 25). The first print issues the number, the next
// in its series (per year of the gift and congregation), in the same transaction that records
// it: the income's row is locked first (PostgreSQL), so two prints of one income at once give
// one number, and the series' counter row makes concurrent receipts of other incomes wait for
// theirs (SQLite serializes every write). A reprint keeps the number and is the "2ª via".
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../domain/finance/labels.js';
import { nextNumber } from '../../db/counters.js';
import type { DialectHelpers } from '../../db/dialect.js';
import { inTransaction } from '../../db/executor.js';
import type { Database } from '../../db/schema.js';
import type { Transaction } from 'kysely';
import { type Scope, ensureReadable, inScope } from '../../http/scope.js';
import { ApiError } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import {
  type DonationReceipt,
  donationReceiptsPdf,
  receiptNumber,
} from '../../pdf/donationReceipt.js';
import { ensureChurchReadyForDocuments } from '../church/index.js';
import { type ReceiptPix, receiptPix } from './pixService.js';
import { findRecord } from './references.js';
import type { Db } from './types.js';

export const NO_DONOR =
  'Esta receita não tem contribuinte: o recibo diz de quem foi recebido. Informe o contribuinte na receita.';

/** A day's receipts in one document: more than this asks for a narrower choice. */
export const MAX_DAY_RECEIPTS = 500;

/** The counter of a series: 'receipt:<congregation>:<year>'. */
const seriesOf = (congregationId: number, year: number) => `receipt:${congregationId}:${year}`;

async function issueOne(
  trx: Transaction<Database>,
  dialect: DialectHelpers,
  actor: Actor,
  id: number,
  rights: Scope,
  pixCache?: Map<string, ReceiptPix | null>,
): Promise<DonationReceipt> {
  const income = await findRecord(trx, 'incomes', id, 'Receita não encontrada.', dialect);
  ensureReadable(rights, income.congregation_id);
  if (!income.donor_id) throw new ApiError(422, NO_DONOR);
  const stored = await trx
    .selectFrom('income_receipts')
    .selectAll()
    .where('income_id', '=', id)
    .executeTakeFirst();
  let receipt: { number: number; year: number; issued_at: string; reprint: boolean };
  if (stored) {
    await trx
      .updateTable('income_receipts')
      .set((eb) => ({ print_count: eb('print_count', '+', 1) }))
      .where('id', '=', stored.id)
      .execute();
    receipt = { ...stored, reprint: true };
  } else {
    const year = Number(income.date.slice(0, 4));
    const number = await nextNumber(trx, seriesOf(income.congregation_id, year));
    const issued_at = new Date().toISOString();
    await trx
      .insertInto('income_receipts')
      .values({
        income_id: id,
        congregation_id: income.congregation_id,
        year,
        number,
        issued_at,
        issued_by: actor.user_id,
      })
      .execute();
    receipt = { number, year, issued_at, reprint: false };
  }
  await audit(trx, actor, {
    action: receipt.reprint ? 'reprint' : 'issue',
    resource: 'incomes',
    record_id: id,
    details: { receipt: receiptNumber(receipt), copy: receipt.reprint ? '2ª via' : 'original' },
  });

  const [donor, category, congregation, pix] = await Promise.all([
    trx
      .selectFrom('donors')
      .select(['name', 'document'])
      .where('id', '=', income.donor_id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('finance_categories')
      .select('name')
      .where('id', '=', income.category_id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('congregations')
      .select('name')
      .where('id', '=', income.congregation_id)
      .executeTakeFirst(),
    receiptPix(trx, income, pixCache),
  ]);
  return {
    ...receipt,
    congregation_name: congregation?.name ?? null,
    donor_name: donor.name,
    donor_document: donor.document,
    amount_cents: Number(income.amount_cents),
    category_name: category.name,
    description: income.description,
    method_label:
      PAYMENT_METHOD_LABELS[income.payment_method as PaymentMethod] ?? income.payment_method,
    date: income.date,
    pix,
  };
}

export function donationReceiptService(db: Db, dialect: DialectHelpers) {
  const church = () =>
    db.selectFrom('church').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

  return {
    /** The receipt of income `id` (404 outside `actor`'s congregations): its PDF and number. */
    async print(actor: Actor, id: number) {
      await ensureChurchReadyForDocuments(db);
      const receipt = await inTransaction(db, (trx) =>
        issueOne(trx, dialect, actor, id, actor.rights),
      );
      return { receipt, pdf: await donationReceiptsPdf(await church(), [receipt]) };
    },

    /**
     * The receipts of the incomes with a donor received on `date` in `view`, one per page, in the
     * order they were recorded; the missing numbers issued in one transaction. Null: none.
     */
    async printDay(actor: Actor, date: string, view: Scope) {
      await ensureChurchReadyForDocuments(db);
      const rows = await inScope(db.selectFrom('incomes'), 'congregation_id', view)
        .select('id')
        .where('date', '=', date)
        .where('donor_id', 'is not', null)
        .orderBy('id')
        .limit(MAX_DAY_RECEIPTS + 1)
        .execute();
      if (rows.length === 0) return null;
      if (rows.length > MAX_DAY_RECEIPTS) {
        throw new ApiError(
          422,
          `Há mais de ${MAX_DAY_RECEIPTS} receitas com contribuinte neste dia: escolha uma congregação na barra do topo.`,
        );
      }
      const receipts = await inTransaction(db, async (trx) => {
        const issued: DonationReceipt[] = [];
        const pix = new Map<string, ReceiptPix | null>();
        for (const row of rows) {
          issued.push(await issueOne(trx, dialect, actor, row.id, view, pix));
        }
        return issued;
      });
      return { count: receipts.length, pdf: await donationReceiptsPdf(await church(), receipts) };
    },
  };
}
