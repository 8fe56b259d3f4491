// The public pages of issue 28 whose paths the server writes into links (e-mails, letters): here,
// with no import, so the browser's routes read them without loading the pages' schemas.

/** The member's self-update page: /atualizar_cadastro/{token}. */
export const SELF_UPDATE_PATH = '/atualizar_cadastro';

/** The unsubscribe page a message's footer links to: /descadastrar/{token}. */
export const UNSUBSCRIBE_PATH = '/descadastrar';

/** The public page a letter's QR code opens; the code rides in the fragment (never sent). */
export const TRANSFER_CONFIRMATION_PATH = '/confirmar-transferencia';
