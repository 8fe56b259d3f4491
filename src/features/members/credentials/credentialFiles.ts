import { formatCredentialNumber } from '../../../../domain/credentials';

/** The card's printable PDF: path under /api and the file name it is saved as. */
export const credentialPdf = (credential: { id: number; number: number }) => ({
  path: `credentials/${credential.id}/pdf`,
  filename: `credencial-${formatCredentialNumber(credential.number)}.pdf`,
});

/** Several cards in one PDF (five per A4 page), for batch printing. */
export const credentialsBatchPdf = (ids: number[]) => ({
  path: `credentials/pdf?ids=${ids.join(',')}`,
  filename: `credenciais-${ids.length}.pdf`,
});
