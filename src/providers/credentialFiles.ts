import { formatCredentialNumber } from '../../domain/credentials';

/** The name a card's printable PDF is saved as. */
export const credentialPdfName = (credential: { number: number }) =>
  `credencial-${formatCredentialNumber(credential.number)}.pdf`;

/** The name of several cards in one PDF (five per A4 page), for batch printing. */
export const credentialsPdfName = (ids: readonly unknown[]) => `credenciais-${ids.length}.pdf`;
