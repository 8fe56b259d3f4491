import type { BankAccountKind } from '../../../../domain/finance/labels';
import type { PixKeyType } from '../../../../domain/finance/pix';

export interface BankAccount {
  id: number;
  /** The congregation (cost centre, issue 12) and its name. */
  congregationId: number;
  congregationName?: string | null;
  name: string;
  kind: BankAccountKind;
  bank: string | null;
  agency: string | null;
  accountNumber: string | null;
  openingBalanceCents: number;
  openingDate: string;
  balanceCents: number;
  active: boolean;
  notes: string | null;
  /** Its Pix key and receiver (issue 25). */
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  pixName: string | null;
  pixCity: string | null;
}

/** "Banco do Brasil · ag. 1234-5 · c/c 67890-1" */
export const bankLine = (account: BankAccount) =>
  [
    account.bank,
    account.agency && `ag. ${account.agency}`,
    account.accountNumber && `conta ${account.accountNumber}`,
  ]
    .filter(Boolean)
    .join(' · ');
