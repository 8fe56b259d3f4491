import polyglotI18nProvider from 'ra-i18n-polyglot';
import { type I18nProvider, type TranslationMessages, mergeTranslations } from 'ra-core';
import { accountMessages } from '../features/account/messages';
import { dashboardMessages } from '../features/dashboard/messages';
import { loginMessages } from '../features/login/messages';
import { publicMessages } from '../features/public/messages';
import { reportsMessages } from '../features/reports/messages';
import { appMessages } from './app';
import { raPtBr, raPtBrExtras } from './raPtBr';

export const LOCALE = 'pt-br';

/**
 * The shell's pt-BR catalogue, in the first script: react-admin's complete pt-BR catalogue <-
 * Adam's shared messages (the menu, the app bar, the congregation selector, the second factor…),
 * sign-in, the account, the dashboard's, the reports' and the public pages'. Neither English nor
 * the outdated ra-language-portuguese underneath: raPtBr covers every react-admin key
 * (tests/unit/i18n.test.ts checks each against ra-language-english). The screens' texts come with
 * the first screen (loadScreenMessages): the menu names resources by the registry's labels.
 */
export const shellMessages: TranslationMessages = mergeTranslations(
  raPtBr,
  raPtBrExtras,
  appMessages,
  loginMessages,
  accountMessages,
  dashboardMessages,
  reportsMessages,
  publicMessages,
);

let catalogue: TranslationMessages = shellMessages;

/**
 * Polyglot counts "pt-br" as French, where 0 takes the singular ("1 membro |||| %{smart_count}
 * membros" read "1 membro" for none). Brazilian usage says "0 membros", "Restam 0 códigos": the
 * singular is for one alone.
 */
const PLURAL_RULES = {
  pluralTypes: { brazilian: (count: number) => (count === 1 ? 0 : 1) },
  pluralTypeToLanguages: { brazilian: [LOCALE] },
};

export const i18nProvider: I18nProvider = polyglotI18nProvider(
  () => catalogue,
  LOCALE,
  [{ locale: LOCALE, name: 'Português (Brasil)' }],
  { allowMissing: true, pluralRules: PLURAL_RULES },
);

let screensLoaded: Promise<void> | undefined;

/**
 * Adds the screens' texts to the catalogue (once): every lazy screen waits for it before it
 * renders (src/routing/lazyScreen.ts). A failed load is tried again by the next screen.
 */
export function loadScreenMessages(): Promise<void> {
  screensLoaded ??= import('./screens')
    .then(async ({ screenMessages }) => {
      catalogue = mergeTranslations(shellMessages, screenMessages);
      await i18nProvider.changeLocale(LOCALE);
    })
    .catch((error: unknown) => {
      screensLoaded = undefined;
      throw error;
    });
  return screensLoaded;
}

/** The whole catalogue, once loaded (the tests read every text). */
export async function allMessages(): Promise<TranslationMessages> {
  await loadScreenMessages();
  return catalogue;
}
