import englishMessages from 'ra-language-english';
import { mergeTranslations } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../domain/resources';
import { SCREENS } from '../../src/features';
import { allMessages, i18nProvider, loadScreenMessages } from '../../src/i18n';
import { memberCountText } from '../../src/ui/memberCount';

/** A nested message catalogue: leaves are texts, branches are groups of keys. */
interface MessageTree {
  [key: string]: MessageTree | string | undefined;
}

/** Texts that are legitimately the same in English and Brazilian Portuguese. */
const SAME_IN_PORTUGUESE = new Set(['Ok', 'OK', 'Menu', 'Status', 'Total']);

const flatten = (tree: MessageTree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[`${prefix}${key}`, value]];
    if (value && typeof value === 'object') return flatten(value, `${prefix}${key}.`);
    return [];
  });

const lookup = (tree: MessageTree, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as MessageTree)[part] : undefined),
      tree,
    );

const variables = (text: string): string[] => [...new Set(text.match(/%\{[^}]+\}/g) ?? [])].sort();

/** A text without letters once its variables are removed (e.g. '%{name}', ' ') is not English. */
const isLanguageNeutral = (text: string): boolean =>
  !/\p{L}/u.test(text.replace(/%\{[^}]+\}/g, ''));

const english = flatten(englishMessages as MessageTree);
const portuguese = (await allMessages()) as MessageTree;
const textOf = (key: string): string | undefined => {
  const value = lookup(portuguese, key);
  return typeof value === 'string' ? value : undefined;
};

describe('pt-BR messages for react-admin', () => {
  it('covers the whole react-admin catalogue', () => {
    expect(english.length).toBeGreaterThanOrEqual(160);
  });

  it('has a Portuguese text for every react-admin key', () => {
    const missing = english
      .filter(([key, en]) => {
        const pt = textOf(key);
        if (pt === undefined) return true;
        if (pt.trim() === '' && en.trim() !== '') return true;
        return pt === en && !isLanguageNeutral(en) && !SAME_IN_PORTUGUESE.has(en);
      })
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('keeps every interpolation variable of the English text', () => {
    const mismatched = english
      .filter(([key, en]) => {
        const pt = textOf(key);
        return pt !== undefined && variables(pt).join() !== variables(en).join();
      })
      .map(([key, en]) => `${key}: ${variables(en).join()} != ${variables(textOf(key)!).join()}`);
    expect(mismatched).toEqual([]);
  });

  it('keeps the plural forms of the English text', () => {
    const forms = (text: string) => text.split('||||').length;
    const mismatched = english
      .filter(([key, en]) => {
        const pt = textOf(key);
        return pt !== undefined && forms(pt) !== forms(en);
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('has no old-style "#%{id}" titles', () => {
    const oldStyle = flatten(portuguese)
      .filter(([, text]) => text.includes('#%{id}'))
      .map(([key]) => key);
    expect(oldStyle).toEqual([]);
  });
});

describe("the resources' texts (issue 23)", () => {
  it('names every resource that has screens, in Portuguese', () => {
    const unnamed = RESOURCES.filter((entry) => SCREENS[entry.name])
      .map((entry) => entry.name)
      .filter((name) => !textOf(`resources.${name}.name`));
    expect(unnamed).toEqual([]);
  });

  it("brings the texts a resource's folder keeps into the catalogue", async () => {
    const { resourceMessages } = await import('../../src/features/settings/positions/messages');
    const carried = Object.entries(resourceMessages).flatMap(([name, texts]) =>
      flatten(texts).map(([key, text]) => [`resources.${name}.${key}`, text]),
    );
    expect(carried.map(([key]) => key)).toContain('resources.configuracoes/positions.name');
    for (const [key, text] of carried) {
      expect(textOf(key)).toBe(text);
      expect(i18nProvider.translate(key, { smart_count: 1 })).toBe(text.split(' |||| ')[0]);
    }
  });
});

describe('i18nProvider', () => {
  it('uses the Brazilian Portuguese locale', () => {
    expect(i18nProvider.getLocale()).toBe('pt-br');
    expect(i18nProvider.getLocales?.()).toEqual([{ locale: 'pt-br', name: 'Português (Brasil)' }]);
  });

  it('translates react-admin messages with interpolation', () => {
    expect(
      i18nProvider.translate('ra.navigation.page_range_info', {
        offsetBegin: 1,
        offsetEnd: 10,
        total: 50,
      }),
    ).toBe('1-10 de 50');
    expect(
      i18nProvider.translate('ra.page.edit', { name: 'Membro', recordRepresentation: 'Ana' }),
    ).toBe('Editar Membro Ana');
    expect(i18nProvider.translate('ra.action.save')).toBe('Salvar');
  });

  it('picks the singular and plural forms with the pt-br rule', () => {
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 1 })).toBe(
      'Registro excluído',
    );
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 2 })).toBe(
      '2 registros excluídos',
    );
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe(
      '3 itens selecionados',
    );
  });

  it('takes the plural for none, as Brazilians say it ("0 membros", not "1 membro")', async () => {
    await loadScreenMessages();
    const named = (count: number) =>
      i18nProvider.translate('adam.church_life.members_count', { smart_count: count });
    expect([0, 1, 2].map(named)).toEqual(['0 membros', '1 membro', '2 membros']);
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 0 })).toBe(
      '0 registros excluídos',
    );
  });

  it('counts members in words a person would say, zero included', () => {
    const translate = i18nProvider.translate.bind(i18nProvider);
    expect([0, 1, 2].map((count) => memberCountText(translate, count))).toEqual([
      'Nenhum membro',
      '1 membro',
      '2 membros',
    ]);
  });
});

describe('mergeTranslations (how the catalogues are merged)', () => {
  it('merges nested groups, lets later sources win and leaves the sources untouched', () => {
    const base: MessageTree = { ra: { action: { save: 'Save', cancel: 'Cancel' } } };
    const override: MessageTree = {
      ra: { action: { save: 'Salvar', cancel: undefined, extra: undefined } },
    };
    expect(mergeTranslations(base, override)).toEqual({
      ra: { action: { save: 'Salvar', cancel: 'Cancel' } },
    });
    expect(base).toEqual({ ra: { action: { save: 'Save', cancel: 'Cancel' } } });
  });
});
