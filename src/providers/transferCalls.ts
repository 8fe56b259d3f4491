// Transfers between churches (issue 28): each step of an outgoing transfer, an incoming one, and
// the transfer letter printed with its confirmation code (POST, so the code stays out of URLs).
import type { Identifier } from 'react-admin';
import type { TransferDirection, TransferState } from '../../domain/transfers';
import { API_URL, fetchFile } from './httpClient';
import { postJson } from './calls';

/** A transfer as the app sees it (GET /api/transfers, camelCased). */
export interface Transfer {
  id: number;
  direction: TransferDirection;
  state: TransferState;
  memberId: number;
  memberName: string;
  memberStatus: string;
  congregationName: string;
  letterId: number | null;
  letterNumber: string | null;
  letterDate: string | null;
  /** The destination (outgoing) or the origin (incoming). */
  church: string | null;
  city: string | null;
  sentAt: string | null;
  sentBy: string | null;
  confirmedAt: string | null;
  confirmedBy: string | null;
  receivingChurch: string | null;
  confirmedByName: string | null;
  cancelledAt: string | null;
  cancelledBy: string | null;
  createdAt: string;
}

export const transferCalls = {
  markTransferSent: (id: Identifier) => postJson<Transfer>(`transfers/${id}/sent`),
  cancelTransfer: (id: Identifier) => postJson<Transfer>(`transfers/${id}/cancel`),
  /** The sending church records the confirmation it received (a reply letter, a call). */
  confirmTransfer: (id: Identifier, values: { receivingChurch: string; confirmedBy: string }) =>
    postJson<Transfer>(`transfers/${id}/confirm`, values),
  /** A letter received from another church: the member admitted (new or existing record). */
  recordIncomingTransfer: (values: Record<string, unknown>) =>
    postJson<Transfer>('transfers', values),
  /**
   * The transfer letter with its code: `code` the one just issued (kept), none for a new one
   * (the code of a copy already printed stops working).
   */
  transferLetterPdf: (letterId: Identifier, code?: string | null) =>
    fetchFile(`${API_URL}/letters/${letterId}/pdf`, {
      method: 'POST',
      body: JSON.stringify(code ? { code } : {}),
    }),
};
