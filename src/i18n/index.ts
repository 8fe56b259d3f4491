import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
// @ts-expect-error -- ra-language-portuguese 1.6.0 is plain CommonJS without type declarations
import portugueseMessages from 'ra-language-portuguese';
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
import { SCREENS } from '../features';
import { appMessages } from './app';
import { raPtBr, raPtBrExtras } from './raPtBr';

export const LOCALE = 'pt-br';

/** The texts each resource's screens carry (their folder's messages.ts), under resources.<name>. */
const screenMessages = {
  resources: Object.fromEntries(
    Object.entries(SCREENS).flatMap(([name, screens]) =>
      screens.messages ? [[name, screens.messages]] : [],
    ),
  ),
};

/**
 * pt-BR catalogue: english (last-resort fallback) <- ra-language-portuguese <- the complete
 * pt-BR complement <- Adam's shared messages, each feature's own and each resource's screens' own.
 */
export const messages: TranslationMessages = mergeTranslations(
  englishMessages,
  portugueseMessages,
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
