import type { LetterType } from '../../../../domain/letters';

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
}

/** The letter's printable PDF: path under /api and the file name. */
export const letterPdf = (letter: Pick<Letter, 'id' | 'number' | 'year'>) => ({
  path: `letters/${letter.id}/pdf`,
  filename: `carta-${letter.number}-${letter.year}.pdf`,
});
