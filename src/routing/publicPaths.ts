// The public pages' paths (SPEC §2), apart from the pages so they link to each other without
// loading one another.

/** The self-registration of new members. */
export const REGISTRATION_PATH = '/meu_cadastro';

/** The public privacy notice (issue 13), linked from /meu_cadastro. */
export const PRIVACY_PATH = '/privacidade';

/** Issue 28's: a transfer letter's confirmation, the unsubscribe link, the self-update link. */
export {
  SELF_UPDATE_PATH,
  TRANSFER_CONFIRMATION_PATH,
  UNSUBSCRIBE_PATH,
} from '../../domain/publicPaths';
