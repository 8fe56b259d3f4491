// authProvider.canAccess (react-admin's access control) for the signed-in user's roles, from the
// one access table: what react-admin's buttons and controllers, the menu and the route guard ask.
import { afterEach, describe, expect, it } from 'vitest';
import { authProvider } from '../../src/providers/authProvider';

const ROLE_SETS = {
  admin: ['admin'],
  secretary: ['secretary'],
  financial: ['financial'],
  leader: ['leader'],
  none: [],
} as const;
type Who = keyof typeof ROLE_SETS;
const EVERYONE: Who[] = ['admin', 'secretary', 'financial', 'leader', 'none'];
/** The office (issue 26): every role but the líder's. */
const STAFF: Who[] = ['admin', 'secretary', 'financial'];
const SECRETARY: Who[] = ['admin', 'secretary'];
const FINANCIAL: Who[] = ['admin', 'financial'];
const ADMIN: Who[] = ['admin'];
const NOBODY: Who[] = [];

function signInAs(who: Who) {
  localStorage.setItem(
    'adamCurrentUser',
    JSON.stringify({ id: 1, name: 'Ana', email: 'ana@igreja.org.br', roles: ROLE_SETS[who] }),
  );
}

afterEach(() => localStorage.clear());

async function allowed(request: {
  action: string;
  resource: string;
  record?: { id: number };
}): Promise<Who[]> {
  const answer: Who[] = [];
  for (const who of EVERYONE) {
    signInAs(who);
    if (await authProvider.canAccess!(request)) answer.push(who);
  }
  return answer;
}

// [action, resource, who may]: SPEC §2 and §6, DESIGN §4's table.
const TABLE: Array<[string, string, Who[]]> = [
  ['list', 'membros', STAFF],
  ['show', 'membros', STAFF],
  ['create', 'membros', SECRETARY],
  ['edit', 'membros', SECRETARY],
  ['delete', 'membros', SECRETARY],
  ['write', 'membros', SECRETARY],
  ['export', 'membros', STAFF],
  // The whole member record (issue 13): the others read the reduced one.
  ['detail', 'membros', SECRETARY],
  ['detail', 'obreiros', SECRETARY],
  ['detail', 'configuracoes/departamentos', STAFF],
  ['detail', 'financeiro/contribuintes', FINANCIAL],
  // Anonymizing a member at the data subject's request (issue 13): admins; nothing else has it.
  ['anonymize', 'membros', ADMIN],
  ['anonymize', 'financeiro/contribuintes', NOBODY],
  ['list', 'obreiros', STAFF],
  // Células (issue 26): the office keeps them; a líder lists his own (the server narrows him).
  ['list', 'igreja/celulas', ['admin', 'secretary', 'leader']],
  ['show', 'igreja/celulas', ['admin', 'secretary', 'leader']],
  ['create', 'igreja/celulas', SECRETARY],
  ['edit', 'igreja/celulas', SECRETARY],
  ['list', 'igreja/visitantes', SECRETARY],
  // A culto's check-in host (issue 26): the cultos' list and check-in, not the schedule's screens.
  ['list', 'igreja/cultos', ['admin', 'secretary', 'leader']],
  ['show', 'igreja/cultos', ['admin', 'secretary', 'leader']],
  ['create', 'igreja/cultos', SECRETARY],
  ['list', 'igreja/horarios', SECRETARY],
  ['edit', 'igreja/horarios', SECRETARY],
  ['write', 'obreiros', NOBODY],
  ['list', 'membros/pendentes', SECRETARY],
  ['write', 'membros/pendentes', SECRETARY],
  ['list', 'credenciais', SECRETARY],
  ['write', 'cartas', SECRETARY],
  ['list', 'configuracoes/departamentos', SECRETARY],
  ['edit', 'configuracoes/positions', SECRETARY],
  ['create', 'configuracoes/campos_adicionais', SECRETARY],
  // The church: one screen every user opens (its edit form), read-only without secretary access.
  ['list', 'configuracoes/igreja', STAFF],
  ['edit', 'configuracoes/igreja', STAFF],
  ['write', 'configuracoes/igreja', SECRETARY],
  ['list', 'configuracoes/usuarios', ADMIN],
  ['create', 'configuracoes/usuarios', ADMIN],
  ['list', 'configuracoes/auditoria', ADMIN],
  ['write', 'configuracoes/auditoria', NOBODY],
  ['list', 'configuracoes/consentimento', ADMIN],
  ['write', 'configuracoes/consentimento', ADMIN],
  ['list', 'configuracoes/pedidos-lgpd', ADMIN],
  ['create', 'configuracoes/pedidos-lgpd', ADMIN],
  ['edit', 'configuracoes/pedidos-lgpd', ADMIN],
  ['list', 'financeiro/visao-geral', FINANCIAL],
  ['list', 'financeiro/despesas', FINANCIAL],
  ['show', 'financeiro/despesas', FINANCIAL],
  ['create', 'financeiro/receitas', FINANCIAL],
  ['delete', 'financeiro/categorias', FINANCIAL],
  ['write', 'financeiro/contas-a-pagar', FINANCIAL],
  // Reports, by their screen path (the menu) or their API name (their ListBase).
  ['list', 'relatorios/aniversariantes', SECRETARY],
  ['list', '/relatorios/cartas_emitidas', SECRETARY],
  ['list', 'reports/expiring_credentials', SECRETARY],
  ['write', 'reports/birthdays', NOBODY],
];

describe('canAccess by role', () => {
  it.each(TABLE)('%s %s: %j', async (action, resource, who) => {
    expect(await allowed({ action, resource })).toEqual(who);
  });

  it('treasurer cannot write members, but opens and lists them', async () => {
    signInAs('financial');
    expect(await authProvider.canAccess!({ action: 'edit', resource: 'membros' })).toBe(false);
    expect(await authProvider.canAccess!({ action: 'create', resource: 'membros' })).toBe(false);
    expect(await authProvider.canAccess!({ action: 'delete', resource: 'membros' })).toBe(false);
    expect(await authProvider.canAccess!({ action: 'list', resource: 'membros' })).toBe(true);
    expect(
      await authProvider.canAccess!({ action: 'show', resource: 'membros', record: { id: 12 } }),
    ).toBe(true);
  });

  it('secretary cannot open /financeiro/despesas, nor any of its records', async () => {
    signInAs('secretary');
    for (const [action, resource] of [
      ['open', '/financeiro/despesas'],
      ['open', '/financeiro/despesas/3'],
      ['list', 'financeiro/despesas'],
      ['show', 'financeiro/despesas'],
      ['edit', 'financeiro/despesas'],
    ]) {
      expect(await authProvider.canAccess!({ action, resource }), `${action} ${resource}`).toBe(
        false,
      );
    }
  });

  it('answers the route guard for screen paths, record ids and sub-paths included', async () => {
    const paths: Array<[string, Who[]]> = [
      ['/', EVERYONE],
      ['/visao_geral', STAFF],
      ['/membros/12', STAFF],
      ['/membros/cadastrar', SECRETARY],
      ['/membros/12/editar', SECRETARY],
      ['/relatorios/membros_sem_cartoes', SECRETARY],
      ['/configuracoes/igreja', STAFF],
      ['/configuracoes/usuarios/3/editar', ADMIN],
      ['/financeiro/contas-bancarias/7', FINANCIAL],
      ['/access-denied', EVERYONE],
    ];
    for (const [path, who] of paths) {
      expect(await allowed({ action: 'open', resource: path }), path).toEqual(who);
    }
  });

  it('church-wide settings: an admin of the whole church only (issue 22)', async () => {
    for (const resource of [
      'configuracoes/igreja',
      'configuracoes/campos_adicionais',
      'configuracoes/consentimento',
    ]) {
      expect(await allowed({ action: 'church_wide', resource }), resource).toEqual(ADMIN);
    }
    // A resource without church-wide settings answers as `write`.
    expect(await allowed({ action: 'church_wide', resource: 'configuracoes/positions' })).toEqual(
      SECRETARY,
    );
    localStorage.setItem(
      'adamCurrentUser',
      JSON.stringify({
        id: 2,
        name: 'Bia',
        email: 'b@x.org',
        roles: ['admin'],
        congregationIds: [3],
      }),
    );
    expect(
      await authProvider.canAccess!({ action: 'church_wide', resource: 'configuracoes/igreja' }),
    ).toBe(false);
    // Issue 24: the church's data is the whole church's; a user limited to congregations reads
    // it (the screen says why) but writes none of it, and still writes the other settings.
    expect(
      await authProvider.canAccess!({ action: 'write', resource: 'configuracoes/igreja' }),
    ).toBe(false);
    expect(
      await authProvider.canAccess!({ action: 'edit', resource: 'configuracoes/igreja' }),
    ).toBe(true);
    expect(
      await authProvider.canAccess!({ action: 'scope_limited', resource: 'configuracoes/igreja' }),
    ).toBe(true);
    expect(
      await authProvider.canAccess!({ action: 'write', resource: 'configuracoes/positions' }),
    ).toBe(true);
    expect(
      await authProvider.canAccess!({
        action: 'scope_limited',
        resource: 'configuracoes/positions',
      }),
    ).toBe(false);
  });

  it('without a stored user, answers as for a user without roles', async () => {
    expect(await authProvider.canAccess!({ action: 'list', resource: 'membros' })).toBe(false);
    expect(await authProvider.canAccess!({ action: 'write', resource: 'membros' })).toBe(false);
    expect(await authProvider.canAccess!({ action: 'open', resource: '/minha_conta' })).toBe(true);
    expect(await authProvider.canAccess!({ action: 'open', resource: '/financeiro' })).toBe(false);
  });
});
