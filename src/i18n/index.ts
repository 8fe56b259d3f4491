import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
// @ts-expect-error -- ra-language-portuguese 1.6.0 is plain CommonJS without type declarations
import portugueseMessages from 'ra-language-portuguese';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { appMessages } from './app';
import { financeMessages } from '../features/finance/messages';
import { documentMessages } from '../features/members/documentMessages';
import { raPtBr, raPtBrExtras } from './raPtBr';

/** A nested message catalogue: leaves are texts, branches are groups of keys. */
export interface MessageTree {
  [key: string]: MessageTree | string | undefined;
}

const isTree = (value: unknown): value is MessageTree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Deep-merges message catalogues: later sources win key by key, nested groups are merged
 * (not replaced), and `undefined` never erases a text. The sources are not modified.
 */
export const deepMerge = (...sources: (MessageTree | undefined)[]): MessageTree => {
  const result: MessageTree = {};
  for (const source of sources) {
    if (!source) continue;
    for (const [key, value] of Object.entries(source)) {
      if (value === undefined) continue;
      const current = result[key];
      result[key] = isTree(value) ? deepMerge(isTree(current) ? current : {}, value) : value;
    }
  }
  return result;
};

export const LOCALE = 'pt-br';

/**
 * pt-BR catalogue: english (last-resort fallback) <- ra-language-portuguese <- the complete
 * pt-BR complement <- Adam's own messages.
 */
export const messages = deepMerge(
  englishMessages,
  portugueseMessages as MessageTree,
  raPtBr,
  raPtBrExtras,
  appMessages as MessageTree,
  financeMessages as MessageTree,
  documentMessages as MessageTree,
) as TranslationMessages;

export const i18nProvider: I18nProvider = polyglotI18nProvider(
  () => messages,
  LOCALE,
  [{ locale: LOCALE, name: 'Português (Brasil)' }],
  { allowMissing: true },
);
