import { describe, expect, it } from 'vitest';
import { type Role, canOpen, homePath, routeAccess } from '../../domain/access';
import { paths } from '../../src/routing/paths';

const ROLE_SETS: Record<string, Role[]> = {
  admin: ['admin'],
  secretary: ['secretary'],
  financial: ['financial'],
  leader: ['leader'],
  none: [],
};

// SPEC §2 and §6, route by route: who may open each screen.
const TABLE: Array<[string, Array<keyof typeof ROLE_SETS>]> = [
  // The office's screens (issue 26): a líder, or a user of no role, opens none of them.
  ['/visao_geral', ['admin', 'secretary', 'financial']],
  ['/membros', ['admin', 'secretary', 'financial']],
  ['/membros/12', ['admin', 'secretary', 'financial']],
  ['/membros/cadastrar', ['admin', 'secretary']],
  ['/membros/12/editar', ['admin', 'secretary']],
  ['/obreiros', ['admin', 'secretary', 'financial']],
  ['/relatorios/aniversariantes', ['admin', 'secretary']],
  ['/relatorios/cartas_emitidas', ['admin', 'secretary']],
  ['/configuracoes/campos_adicionais/cadastrar', ['admin', 'secretary']],
  ['/configuracoes/departamentos', ['admin', 'secretary']],
  ['/configuracoes/positions/cadastrar', ['admin', 'secretary']],
  ['/configuracoes/igreja', ['admin', 'secretary', 'financial']],
  // Células: the office keeps them; a líder opens the list and a cell (his own, says the server).
  ['/igreja/celulas', ['admin', 'secretary', 'leader']],
  ['/igreja/celulas/4', ['admin', 'secretary', 'leader']],
  ['/igreja/celulas/cadastrar', ['admin', 'secretary']],
  ['/igreja/celulas/4/editar', ['admin', 'secretary']],
  // The EBD: a líder opens the classes he teaches and their chamadas; the rest is the office's.
  ['/igreja/ebd', ['admin', 'secretary', 'leader']],
  ['/igreja/ebd/4', ['admin', 'secretary', 'leader']],
  ['/igreja/ebd/chamadas/9', ['admin', 'secretary', 'leader']],
  ['/igreja/ebd/cadastrar', ['admin', 'secretary']],
  ['/igreja/ebd/4/editar', ['admin', 'secretary']],
  ['/igreja/ebd/resumo', ['admin', 'secretary']],
  // Cultos: a líder opens the occurrences of the cultos whose check-in he hosts (the server says
  // which); events, the schedule and its hosts are the office's.
  ['/igreja/cultos', ['admin', 'secretary', 'leader']],
  ['/igreja/cultos/12', ['admin', 'secretary', 'leader']],
  ['/igreja/cultos/cadastrar', ['admin', 'secretary']],
  ['/igreja/horarios', ['admin', 'secretary']],
  ['/igreja/horarios/3/editar', ['admin', 'secretary']],
  ['/igreja/visitantes', ['admin', 'secretary']],
  ['/minha_conta', ['admin', 'secretary', 'financial', 'leader', 'none']],
  ['/configuracoes/usuarios', ['admin']],
  ['/configuracoes/usuarios/3/editar', ['admin']],
  ['/financeiro/visao-geral', ['admin', 'financial']],
  ['/financeiro/fornecedores/cadastrar', ['admin', 'financial']],
  ['/financeiro/contas-bancarias/7', ['admin', 'financial']],
];

describe('route access table', () => {
  it.each(TABLE)('%s opens for %j', (path, allowed) => {
    for (const [label, roles] of Object.entries(ROLE_SETS)) {
      expect(canOpen(path, roles), `${label} on ${path}`).toBe(allowed.includes(label));
    }
  });

  it('ignores a trailing slash and does not match a longer segment by prefix', () => {
    expect(routeAccess('/financeiro/')).toEqual(['admin', 'financial']);
    expect(canOpen('/membrosx/cadastrar', ['financial'])).toBe(true);
    expect(canOpen('/membros/cadastrar/', ['financial'])).toBe(false);
  });
});

describe('home', () => {
  it('is the dashboard for the office, the cells for a líder, the account for anyone else', () => {
    expect(homePath(['financial'])).toBe('/visao_geral');
    expect(homePath(['leader'])).toBe('/igreja/celulas');
    expect(homePath(['leader', 'secretary'])).toBe('/visao_geral');
    expect(homePath([])).toBe('/minha_conta');
  });
});

describe('paths', () => {
  it('builds the Portuguese segments', () => {
    expect(paths.list('configuracoes/usuarios')).toBe('/configuracoes/usuarios');
    expect(paths.create('membros')).toBe('/membros/cadastrar');
    expect(paths.show('membros', 12)).toBe('/membros/12');
    expect(paths.edit('financeiro/despesas', 7)).toBe('/financeiro/despesas/7/editar');
  });
});

describe('screens of a registered resource', () => {
  it('open for its readers, and its forms only for its writers', () => {
    // Read by any user through the API, managed on its screen by the secretary.
    expect(routeAccess('/configuracoes/departamentos')).toEqual(['admin', 'secretary']);
    // Read by anyone, written by the secretary: the list opens for all, the forms do not.
    expect(canOpen('/membros/12', ['financial'])).toBe(true);
    expect(canOpen('/membros/12/editar', ['financial'])).toBe(false);
    expect(canOpen('/configuracoes/usuarios/cadastrar', ['secretary'])).toBe(false);
    // A singleton is edited on its one screen: readers open it (the form is read-only for them).
    expect(canOpen('/configuracoes/igreja', ['financial'])).toBe(true);
  });
});
