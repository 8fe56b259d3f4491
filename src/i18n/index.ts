import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type I18nProvider, type TranslationMessages, mergeTranslations } from 'ra-core';
import { accountMessages } from '../features/account/messages';
import { churchLifeMessages } from '../features/churchLife/messages';
import { dashboardMessages } from '../features/dashboard/messages';
import { financeMessages } from '../features/finance/messages';
import { loginMessages } from '../features/login/messages';
import { membersMessages } from '../features/members/messages';
import { publicMessages } from '../features/public/messages';
import { reportsMessages } from '../features/reports/messages';
import { settingsMessages } from '../features/settings/messages';
import type { ResourceMessages } from '../routing/types';
import { appMessages } from './app';
import { raPtBr, raPtBrExtras } from './raPtBr';

export const LOCALE = 'pt-br';

/**
 * The texts a resource's folder keeps (src/features/<area>/<resource>/messages.ts, whose
 * `resourceMessages` names the resource): found by the build, so a new resource edits no
 * feature-wide messages file. Only those small modules: importing the screens' registry here
 * would put every feature's index into the initial JavaScript.
 */
const folders = import.meta.glob<{ resourceMessages: Record<string, ResourceMessages> }>(
  '../features/*/*/messages.ts',
  { eager: true },
);
const screenMessages = {
  resources: Object.assign({}, ...Object.values(folders).map((folder) => folder.resourceMessages)),
};

/**
 * pt-BR catalogue: the complete pt-BR catalogue of react-admin <- Adam's shared messages, each
 * feature's own and each resource folder's own. Neither English nor the outdated
 * ra-language-portuguese underneath: raPtBr covers every react-admin key (tests/unit/i18n.test.ts
 * checks each against ra-language-english), and leaving them out keeps them out of the first
 * script.
 */
export const messages: TranslationMessages = mergeTranslations(
  raPtBr,
  raPtBrExtras,
  appMessages,
  loginMessages,
  accountMessages,
  dashboardMessages,
  membersMessages,
  churchLifeMessages,
  settingsMessages,
  reportsMessages,
  publicMessages,
  financeMessages,
  screenMessages,
);

export const i18nProvider: I18nProvider = polyglotI18nProvider(
  () => messages,
  LOCALE,
  [{ locale: LOCALE, name: 'Português (Brasil)' }],
  { allowMissing: true },
);
