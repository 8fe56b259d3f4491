// The screens' texts (members, church life, settings, finance and each resource folder's own):
// loaded with the first screen (src/routing/lazyScreen.ts), not in the app's first script, which
// carries only the shell's (src/i18n/index.ts: the menu, the app bar, sign-in, the account).
import { type TranslationMessages, mergeTranslations } from 'ra-core';
import { churchLifeMessages } from '../features/churchLife/messages';
import { financeMessages } from '../features/finance/messages';
import { membersMessages } from '../features/members/messages';
import { settingsMessages } from '../features/settings/messages';
import type { ResourceMessages } from '../routing/types';

/**
 * The texts a resource's folder keeps (src/features/<area>/<resource>/messages.ts, whose
 * `resourceMessages` names the resource): found by the build, so a new resource edits no
 * feature-wide messages file.
 */
const folders = import.meta.glob<{ resourceMessages: Record<string, ResourceMessages> }>(
  '../features/*/*/messages.ts',
  { eager: true },
);
const folderMessages = {
  resources: Object.assign({}, ...Object.values(folders).map((folder) => folder.resourceMessages)),
};

export const screenMessages: TranslationMessages = mergeTranslations(
  membersMessages,
  churchLifeMessages,
  settingsMessages,
  financeMessages,
  folderMessages,
);
