import type { LetterType } from '../../domain/letters';
import type { TransferState } from '../../domain/transfers';

/** A letter as the app sees it (GET /api/letters, camelCased). */
export interface Letter {
  id: number;
  memberId: number;
  memberName: string;
  letterType: LetterType;
  year: number;
  number: number;
  numberText: string;
  issuedOn: string;
  destinationChurch: string;
  destinationCity: string;
  notes: string | null;
  /** Issued on paper before Adam: recorded with its own number and date, not printable. */
  issuedOnPaper: boolean;
  /** A transfer letter's transfer (issue 28). */
  transferId: number | null;
  transferState: TransferState | null;
  /** Only in the answer that issued a transfer letter: the code printed on it (shown once). */
  confirmationCode?: string | null;
}

/** The name a letter's printable PDF is saved as. */
export const letterPdfName = (letter: Pick<Letter, 'number' | 'year'>) =>
  `carta-${letter.number}-${letter.year}.pdf`;
