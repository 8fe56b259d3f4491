// Transfers between churches (issue 28, two-phase transfer). An outgoing transfer opens with a
// transfer letter: requested → sent (carta enviada) → confirmed by the receiving church, or
// cancelled; the member stays on the roll as "Em transferência" until it is confirmed. An
// incoming transfer records a letter received from another church and admits the member.
// Free of zod, so a screen that only shows transfers does not load it: the schemas are in
// transferSchema.ts.

export const TRANSFER_DIRECTIONS = ['outgoing', 'incoming'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];
export const TRANSFER_DIRECTION_LABELS: Record<TransferDirection, string> = {
  outgoing: 'Enviada',
  incoming: 'Recebida',
};

export const TRANSFER_STATES = ['requested', 'sent', 'confirmed', 'cancelled'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
export const TRANSFER_STATE_LABELS: Record<TransferState, string> = {
  requested: 'Solicitada',
  sent: 'Carta enviada',
  confirmed: 'Confirmada',
  cancelled: 'Cancelada',
};

/** The states in which a transfer still waits for the receiving church. */
export const OPEN_TRANSFER_STATES: readonly TransferState[] = ['requested', 'sent'];

/** The member status of a member whose outgoing transfer is open. */
export const TRANSFERRING = 'transferring';

/** A status only a transfer letter gives and only its confirmation or cancellation takes away. */
export const TRANSFERRING_SET_BY_LETTER =
  'A situação Em transferência vem de uma carta de transferência: emita a carta na página do membro.';
export const TRANSFERRING_LOCKED =
  'Membro em transferência: confirme ou cancele a transferência para mudar a situação.';

/** Why a member's status may not go from `before` to `after` by an edit (null: it may). */
export function transferStatusError(before: string | null, after: string): string | null {
  if (before === after) return null;
  if (after === TRANSFERRING) return TRANSFERRING_SET_BY_LETTER;
  if (before === TRANSFERRING) return TRANSFERRING_LOCKED;
  return null;
}

// The confirmation code: 16 characters of Crockford's base32 (80 random bits), printed in groups
// of four. Typed from paper, so I/L read as 1 and O as 0; dashes and spaces are ignored.
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 16;

/** The code as stored and compared: upper case, no separators, look-alikes folded; or null. */
export function normalizeTransferCode(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const folded = text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (folded.length !== CODE_LENGTH) return null;
  for (const char of folded) if (!CODE_ALPHABET.includes(char)) return null;
  return folded;
}

/** "ABCD-EFGH-JKMN-PQRS". */
export function formatTransferCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

import { TRANSFER_CONFIRMATION_PATH } from './publicPaths';

export { TRANSFER_CONFIRMATION_PATH };
export const transferConfirmationPath = (code: string) =>
  `${TRANSFER_CONFIRMATION_PATH}#${formatTransferCode(code)}`;

export const TRANSFER_CODE_REFUSED = {
  unknown: 'Código não encontrado. Confira o código impresso na carta de transferência.',
  cancelled: 'Esta transferência foi cancelada pela igreja de origem.',
  confirmed: 'Esta transferência já foi confirmada.',
} as const;
