// Pix without a gateway (issue 25): the static BR Code of a bank account's key for a purpose
// (and, optionally, an amount), its QR code as SVG, and the printable poster.
import QRCode from 'qrcode';
import {
  PIX_KEY_TYPE_LABELS,
  PIX_PURPOSE_LABELS,
  type PixKeyType,
  type PixPurpose,
  staticBrCode,
} from '../../../domain/finance/pix.js';
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
