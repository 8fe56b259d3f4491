// npm run adam -- <command>: staff users and backups from the shell.
// First: a runtime known to crash is refused before anything loads the SQLite addon.
import './checkRuntime.mjs';
import { parseArgs } from 'node:util';
import { ROLES, isRole, type Role } from '../domain/access.js';
import { todayIso } from '../domain/dates.js';
import { formatDate } from '../domain/formats.js';
import { userCreateSchema } from '../domain/users.js';
import { join, resolve } from 'node:path';
import {
  type BackupProgress,
  backupTo,
  formatMegabytes,
  formatSeconds,
  restoreFrom,
} from './backup.js';
import { installClock } from './clock.js';
import { type Config, configFromEnv } from './config.js';
import { SQLITE_FILE, migrateToLatest, openDatabase } from './db/index.js';
import { createUser, findUserByEmail, parseRoles, setUserPassword } from './modules/users/index.js';
import { purgeAuditLog } from './modules/audit/index.js';
import { type Actor, SYSTEM_ACTOR } from './audit/trail.js';
import { resetOther } from './modules/twoFactor/index.js';
import { ApiError } from './plugins/errors.js';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { searchText } from '../domain/search.js';
import { parseCongregationIds } from '../domain/congregations.js';

const USAGE = `Uso: npm run adam -- <comando> [opções]

Comandos:
  user:add --email E --password S [--name N] [--roles admin,secretary,financial]
           [--congregations C1,C2]       limita o usuário a essas congregações (ids, nomes ou o
                                         nome curto do link de cadastro); sem ela, a igreja inteira
  user:passwd --email E --password S     troca a senha e encerra as sessões do usuário
  user:list                              lista os usuários
  user:2fa-reset --email E               desliga a verificação em duas etapas do usuário (celular
                                         e códigos de recuperação perdidos); ele ganha novo prazo
  backup <arquivo>                       cópia consistente e conferida do banco (SQLite), mesmo
                                         com o servidor em execução e gravando
  restore <arquivo>                      põe uma cópia no lugar do banco (SQLite), com o servidor
                                         parado: confere a cópia e guarda o banco atual à parte
  audit-purge                            apaga do registro de auditoria o que passou do prazo de
                                         guarda (Configurações > Dados da igreja; o servidor faz
                                         isso sozinho uma vez por dia)
  seed [--members N] [--transactions T] [--congregations C] [--reset] [--seed S]
                                         gera N membros fictícios (padrão 2.000) com departamentos
                                         e campos adicionais; recusa se já houver membros, a menos
                                         que --reset (apaga membros, departamentos, campos adicionais,
                                         credenciais e cartas) e dez anos de financeiro com cerca de
                                         T lançamentos (padrão 5 por membro: 1.000.000 para 200.000);
                                         com --congregations, um campo de C congregações (a sede,
                                         sub-sedes e congregações pequenas) com os membros e o
                                         financeiro distribuídos entre elas
`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Who the audit trail names for what the shell did. */
const SHELL: Actor = {
  user_id: null,
  user_name: 'Linha de comando',
  ip: null,
  user_agent: null,
  rights: null,
};

/** "2,Vila Nova,congregacao-centro": ids, names (accents and case aside) or slugs. */
async function congregationIdsOf(db: Kysely<Database>, text: string | undefined) {
  if (!text) return [];
  const all = await db.selectFrom('congregations').select(['id', 'name', 'slug']).execute();
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const found = all.find(
        (congregation) =>
          String(congregation.id) === item ||
          congregation.slug === item ||
          searchText(congregation.name) === searchText(item),
      );
      if (!found) {
        fail(
          `Congregação não encontrada: ${item}. Cadastradas: ${all.map((c) => `${c.id} ${c.name}`).join('; ')}.`,
        );
      }
      return found.id;
    });
}

function parseRoleList(text: string | undefined): Role[] {
  if (!text) return [];
  const roles = text
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  const unknown = roles.filter((role) => !isRole(role));
  if (unknown.length > 0) {
    fail(`Papel desconhecido: ${unknown.join(', ')}. Use: ${ROLES.join(', ')}.`);
  }
  return roles as Role[];
}

/** Progress on the terminal: one line rewritten, or a line every tenth when not a terminal. */
function progressPrinter(verb: string): (progress: BackupProgress) => void {
  let shown = -1;
  return ({ copied, total, checking }) => {
    if (checking) {
      if (process.stdout.isTTY) process.stdout.write('\n');
      console.log('Conferindo a cópia (PRAGMA integrity_check)…');
      return;
    }
    const percent = total > 0 ? Math.floor((copied / total) * 100) : 100;
    const line = `${verb}… ${percent}% (${copied.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} páginas)`;
    if (process.stdout.isTTY) {
      process.stdout.write(`\r${line}`);
    } else if (Math.floor(percent / 10) > shown) {
      shown = Math.floor(percent / 10);
      console.log(line);
    }
  };
}

async function copyCommand(command: 'backup' | 'restore', config: Config, file: string) {
  if (command === 'backup') {
    const result = await backupTo(config, file, progressPrinter('Copiando'));
    console.log(
      `Cópia de segurança gravada em ${resolve(file)} (${formatMegabytes(result.bytes)}, ` +
        `${result.pages.toLocaleString('pt-BR')} páginas, em ${formatSeconds(result.ms)}) ` +
        'e conferida (PRAGMA integrity_check: ok).',
    );
    return;
  }
  const result = await restoreFrom(config, file, progressPrinter('Copiando'));
  console.log(
    `Cópia ${resolve(file)} restaurada em ${join(config.dataDir, SQLITE_FILE)} ` +
      `(${formatMegabytes(result.bytes)}, conferida; última migração ${result.migration}).`,
  );
  console.log(
    result.keptAside
      ? `O banco que estava lá, com os arquivos -wal e -shm, foi guardado em ${result.keptAside}.`
      : 'Não havia banco na pasta de dados.',
  );
  console.log('Inicie o servidor (npm start); as migrações que faltarem rodam na partida.');
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      roles: { type: 'string' },
      members: { type: 'string' },
      reset: { type: 'boolean' },
      seed: { type: 'string' },
      transactions: { type: 'string' },
      congregations: { type: 'string' },
    },
  });
  installClock();
  const config = configFromEnv();
  // Copies work on the files, never through a migrated connection: the database to copy may be
  // damaged, and the one a restore replaces must not be opened at all.
  if (command === 'backup' || command === 'restore') {
    const file = positionals[0];
    if (!file) fail(`Informe o arquivo: npm run adam -- ${command} <arquivo>`);
    await copyCommand(command, config, file);
    return;
  }
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    const { db } = database;
    switch (command) {
      case 'user:add': {
        const parsed = userCreateSchema.safeParse({
          name: values.name ?? values.email?.split('@')[0],
          email: values.email,
          password: values.password,
          roles: parseRoleList(values.roles),
          congregation_ids: await congregationIdsOf(db, values.congregations),
        });
        if (!parsed.success) fail(parsed.error.issues.map((issue) => issue.message).join('\n'));
        if (await findUserByEmail(db, parsed.data.email)) {
          fail(`Já existe um usuário com o e-mail ${parsed.data.email}.`);
        }
        // The API's rules (an admin sees the whole church) and its audit line.
        const user = await createUser(db, parsed.data, SHELL).catch((error: unknown) => {
          if (!(error instanceof ApiError)) throw error;
          fail(Object.values(error.fieldErrors ?? {}).join('\n') || error.message);
        });
        const scope = user.congregation_ids.length
          ? `congregações: ${user.congregation_ids.join(', ')}`
          : 'a igreja inteira';
        console.log(
          `Usuário ${user.email} criado (id ${user.id}, papéis: ${user.roles.join(', ') || 'nenhum'}; ${scope}).`,
        );
        break;
      }
      case 'user:passwd': {
        if (!values.email || !values.password) fail('Informe --email e --password.');
        const user = await findUserByEmail(db, values.email);
        if (!user) fail(`Usuário ${values.email} não encontrado.`);
        const check = userCreateSchema.shape.password.safeParse(values.password);
        if (!check.success) fail(check.error.issues[0].message);
        await setUserPassword(db, user.id, values.password);
        await db.deleteFrom('user_tokens').where('user_id', '=', user.id).execute();
        console.log(`Senha de ${user.email} alterada; as sessões abertas foram encerradas.`);
        break;
      }
      case 'user:2fa-reset': {
        // The way back for the only admin who lost both the phone and the recovery codes.
        if (!values.email) fail('Informe --email.');
        const user = await findUserByEmail(db, values.email);
        if (!user) fail(`Usuário ${values.email} não encontrado.`);
        await resetOther(db, user.id, SYSTEM_ACTOR, Date.now());
        console.log(`Verificação em duas etapas de ${user.email} redefinida.`);
        break;
      }
      case 'user:list': {
        const users = await db.selectFrom('users').selectAll().orderBy('email').execute();
        for (const user of users) {
          const roles = parseRoles(user.roles).join(',') || '-';
          const congregations = parseCongregationIds(user.congregation_ids).join(',') || 'todas';
          console.log(
            `${user.id}\t${user.email}\t${user.name}\t${roles}\t${user.active ? 'ativo' : 'inativo'}\t${congregations}`,
          );
        }
        break;
      }
      case 'audit-purge': {
        const { before, deleted } = await purgeAuditLog(db, todayIso());
        console.log(
          `Registro de auditoria: ${deleted} ${deleted === 1 ? 'entrada anterior' : 'entradas anteriores'} a ${formatDate(before)} ${deleted === 1 ? 'apagada' : 'apagadas'}.`,
        );
        break;
      }
      case 'seed': {
        const members = Number(values.members ?? 2000);
        const seed = Number(values.seed ?? 2026);
        if (!Number.isSafeInteger(members) || members < 0) fail('--members: informe um número.');
        if (!Number.isSafeInteger(seed)) fail('--seed: informe um número inteiro.');
        const congregations =
          values.congregations === undefined ? undefined : Number(values.congregations);
        if (
          congregations !== undefined &&
          (!Number.isSafeInteger(congregations) || congregations < 1 || congregations > 5000)
        ) {
          fail('--congregations: informe um número de 1 a 5.000.');
        }
        console.log(
          `Gerando ${members.toLocaleString('pt-BR')} membros (${database.dialect.name === 'sqlite' ? `SQLite em ${config.dataDir}` : 'PostgreSQL'})…`,
        );
        // The generator (names, addresses, ten years of books) loads only for this command.
        const [{ seedDatabase }, { seedFinance }, { spreadFinance }] = await Promise.all([
          import('./seed/index.js'),
          import('./seed/finance/index.js'),
          import('./seed/finance/congregations.js'),
        ]);
        const result = await seedDatabase(database, {
          members,
          congregations,
          reset: values.reset,
          seed,
          log: (line) => console.log(line),
        });
        console.log(
          `Pronto: ${result.members.toLocaleString('pt-BR')} membros, ` +
            `${result.memberships.toLocaleString('pt-BR')} participações em ${result.departments} departamentos, ` +
            `${result.customFields} campos adicionais, ${result.congregations} congregações, em ${(result.elapsedMs / 1000).toFixed(1)} s.`,
        );
        const transactions = Number(values.transactions ?? members * 5);
        if (!Number.isSafeInteger(transactions) || transactions < 0) {
          fail('--transactions: informe um número.');
        }
        if (transactions > 0) {
          const finance = await seedFinance(database, {
            transactions,
            years: 10,
            seed,
            reset: values.reset,
            log: (line) => console.log(line),
          });
          if (result.plan) await spreadFinance(database, result.plan, (line) => console.log(line));
          console.log(
            `Financeiro: ${finance.transactions.toLocaleString('pt-BR')} lançamentos, ` +
              `${finance.incomes.toLocaleString('pt-BR')} receitas, ` +
              `${finance.expenses.toLocaleString('pt-BR')} despesas, em ${(finance.elapsedMs / 1000).toFixed(1)} s.`,
          );
        }
        break;
      }
      default:
        fail(`Comando desconhecido: ${command}\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
