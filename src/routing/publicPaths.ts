// The public pages' paths (SPEC §2), apart from the pages so they link to each other without
// loading one another.

/** The self-registration of new members. */
export const REGISTRATION_PATH = '/meu_cadastro';

/** The public privacy notice (issue 13), linked from /meu_cadastro. */
export const PRIVACY_PATH = '/privacidade';
