import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../src/routing/lazyScreen';
import { preloadScreen, screenFor } from '../../src/routing/preload';

const screen = () => lazyScreen(() => Promise.resolve({ default: () => null }));
const members = { list: screen(), create: screen(), edit: screen(), show: screen() };
const pending = { list: screen() };
const accounts = { list: screen(), create: screen(), show: screen() };
const screens = {
  membros: members,
  'membros/pendentes': pending,
  'financeiro/contas-bancarias': accounts,
  visao_geral: { list: screen() },
};

describe('the screen an address opens', () => {
  it.each([
    ['/membros', members.list],
    ['/membros/', members.list],
    ['/membros/cadastrar', members.create],
    ['/membros/42', members.show],
    ['/membros/42/editar', members.edit],
    ['/membros/pendentes', pending.list],
    ['/financeiro/contas-bancarias/7', accounts.show],
    ['/visao_geral', screens.visao_geral.list],
  ])('%s', (path, expected) => {
    expect(screenFor(path, screens)).toBe(expected);
  });

  it('is none for an address of no screen', () => {
    expect(screenFor('/login', screens)).toBeUndefined();
    expect(screenFor('/membrosx', screens)).toBeUndefined();
    // No edit route for bank accounts: not found, nothing to fetch.
    expect(screenFor('/financeiro/contas-bancarias/7/editar', screens)).toBeUndefined();
  });

  it('preloading fetches that screen only', () => {
    const load = vi.fn(() => Promise.resolve({ default: () => null }));
    const other = vi.fn(() => Promise.resolve({ default: () => null }));
    preloadScreen('/membros/cadastrar', {
      membros: { list: lazyScreen(other), create: lazyScreen(load) },
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });
});
