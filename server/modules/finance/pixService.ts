// Pix without a gateway (issue 25): the static BR Code of a bank account's key for a purpose
// (and, optionally, an amount), its QR code as SVG, and the printable poster.
import QRCode from 'qrcode';
import {
  PIX_KEY_TYPE_LABELS,
  PIX_PURPOSES,
  PIX_PURPOSE_CATEGORIES,
  PIX_PURPOSE_LABELS,
  type PixKeyType,
  type PixPurpose,
  staticBrCode,
} from '../../../domain/finance/pix.js';
import { searchText } from '../../../domain/search.js';
import type { BankAccount } from '../../db/schema.js';
import { ensureReadable } from '../../http/scope.js';
import { ApiError } from '../../plugins/errors.js';
import { type Actor, audit } from '../../audit/trail.js';
import { pixPosterPdf } from '../../pdf/pixPoster.js';
import { findRecord } from './references.js';
import { withCongregationName } from './scope.js';
import type { Db } from './types.js';

export const NO_PIX_KEY =
  'Esta conta não tem chave Pix. Cadastre a chave, o nome e a cidade do recebedor na página da conta.';

export interface PixRequest {
  bank_account_id: number;
  purpose: PixPurpose;
  amount_cents?: number | null;
}

/** The Pix a receipt carries: the code (no amount: any gift) and who receives it. */
export interface ReceiptPix {
  payload: string;
  purpose_label: string;
  receiver: string;
  key: string;
}

type PixAccount = Pick<BankAccount, 'pix_key' | 'pix_key_type' | 'pix_name' | 'pix_city'>;
const hasPix = (account: PixAccount | undefined): account is PixAccount & { pix_key: string } =>
  Boolean(account?.pix_key && account.pix_key_type && account.pix_name && account.pix_city);

/** A tithe's purpose is DIZIMO; another category's, by its name (Ofertas, Missões…); else OFERTA. */
function purposeOf(category: { name: string; is_tithe: boolean | number }): PixPurpose {
  if (category.is_tithe) return 'DIZIMO';
  const name = searchText(category.name);
  const found = PIX_PURPOSES.find((purpose) =>
    PIX_PURPOSE_CATEGORIES[purpose].some((candidate) => searchText(candidate) === name),
  );
  return found ?? 'OFERTA';
}

/**
 * The Pix of a receipt, so the giver can give again: the key of the account the income went to,
 * or else of an active account of its congregation with a key (the oldest); null when none has one.
 * `cache` keeps the codes of a day's receipts (one per account and purpose).
 */
export async function receiptPix(
  db: Db,
  income: { bank_account_id: number; congregation_id: number; category_id: number },
  cache = new Map<string, ReceiptPix | null>(),
): Promise<ReceiptPix | null> {
  const category = await db
    .selectFrom('finance_categories')
    .select(['name', 'is_tithe'])
    .where('id', '=', income.category_id)
    .executeTakeFirstOrThrow();
  const purpose = purposeOf(category);
  const key = `${income.bank_account_id}:${income.congregation_id}:${purpose}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  const columns = ['pix_key', 'pix_key_type', 'pix_name', 'pix_city'] as const;
  let account: PixAccount | undefined = await db
    .selectFrom('bank_accounts')
    .select(columns)
    .where('id', '=', income.bank_account_id)
    .executeTakeFirst();
  if (!hasPix(account)) {
    account = await db
      .selectFrom('bank_accounts')
      .select(columns)
      .where('congregation_id', '=', income.congregation_id)
      .where('active', '=', true)
      .where('pix_key', 'is not', null)
      .where('pix_key_type', 'is not', null)
      .where('pix_name', 'is not', null)
      .where('pix_city', 'is not', null)
      .orderBy('id')
      .executeTakeFirst();
  }
  const pix = hasPix(account)
    ? {
        payload: staticBrCode({
          key: account.pix_key,
          name: account.pix_name!,
          city: account.pix_city!,
          amountCents: null,
          txid: purpose,
          description: PIX_PURPOSE_LABELS[purpose],
        }),
        purpose_label: PIX_PURPOSE_LABELS[purpose],
        receiver: account.pix_name!,
        key: account.pix_key,
      }
    : null;
  cache.set(key, pix);
  return pix;
}

export function pixService(db: Db) {
  /** The account (404 outside `actor`'s congregations) and its code for the request. */
  async function codeOf(actor: Actor, request: PixRequest) {
    const account = await withCongregationName(
      db,
      await findRecord(
        db,
        'bank_accounts',
        request.bank_account_id,
        'Conta bancária não encontrada.',
      ),
    );
    ensureReadable(actor.rights, account.congregation_id);
    if (!account.pix_key || !account.pix_key_type || !account.pix_name || !account.pix_city) {
      throw new ApiError(422, NO_PIX_KEY);
    }
    const label = PIX_PURPOSE_LABELS[request.purpose];
    const payload = staticBrCode({
      key: account.pix_key,
      name: account.pix_name,
      city: account.pix_city,
      amountCents: request.amount_cents ?? null,
      txid: request.purpose,
      description: label,
    });
    return { account, label, payload };
  }

  return {
    /** `{payload, svg}`: the "copia e cola" text and its QR code. */
    async code(actor: Actor, request: PixRequest) {
      const { payload } = await codeOf(actor, request);
      const svg = await QRCode.toString(payload, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
      });
      return { payload, svg };
    },

    /** The poster's PDF, recorded in the audit trail. */
    async poster(actor: Actor, request: PixRequest) {
      const { account, label, payload } = await codeOf(actor, request);
      const church = await db
        .selectFrom('church')
        .selectAll()
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const pdf = await pixPosterPdf(church, {
        purpose_label: label,
        payload,
        key_label: PIX_KEY_TYPE_LABELS[account.pix_key_type as PixKeyType] ?? '',
        key: account.pix_key ?? '',
        receiver: account.pix_name ?? '',
        city: account.pix_city ?? '',
        account_name: account.name,
        congregation_name: account.congregation_name,
        amount_cents: request.amount_cents ?? null,
      });
      await audit(db, actor, {
        action: 'pdf',
        resource: 'bank_accounts',
        record_id: account.id,
        details: { file: `pix-${request.purpose.toLowerCase()}.pdf`, purpose: request.purpose },
      });
      return pdf;
    },
  };
}
