// The Node.js runtimes Adam runs on, checked before anything loads the SQLite addon: a runtime
// known to crash gets a clear refusal instead of a random abort in the middle of a request.
// Plain JavaScript: `npm start` (server/start.mjs) runs it before compiling the server.
import { createRequire } from 'node:module';

/** The Node.js majors the test suite runs on (CI: Node 22 and the default of the machine). */
export const TESTED_NODE = [22, 24];

const parse = (version) => version.replace(/^v/, '').split('.').map(Number);

/**
 * Why Adam cannot run on `node` with better-sqlite3 `sqlite`, in Portuguese, or null.
 * Node < 22: better-sqlite3 13 (prebuilt, N-API) needs 22 and crashes on 20.
 * Node >= 24.19 with better-sqlite3 < 13: the addon aborts when a statement is collected
 * (`Assertion failed: (env) != nullptr`, nodejs/node#65446).
 */
export function runtimeProblem(node, sqlite) {
  const [major, minor] = parse(node);
  if (major < 22) {
    return (
      `O Adam precisa do Node.js 22 ou 24 (LTS); este é o Node ${node}, sem suporte desde ` +
      '30/04/2026. Instale o Node.js 22 ou 24 (https://nodejs.org) e rode "npm install" de novo.'
    );
  }
  if (sqlite && parse(sqlite)[0] < 13 && (major > 24 || (major === 24 && minor >= 19))) {
    return (
      `O Node ${node} derruba o better-sqlite3 ${sqlite} (falha conhecida: nodejs/node#65446). ` +
      'Rode "npm install" para instalar o better-sqlite3 13 que o Adam usa, ou use o Node.js 22.'
    );
  }
  return null;
}

/** The installed better-sqlite3 version, or null when it is missing. */
export function installedSqliteVersion() {
  try {
    return createRequire(import.meta.url)('better-sqlite3/package.json').version;
  } catch {
    return null;
  }
}

/** Exits with the Portuguese reason when this runtime cannot run Adam; warns on an untested one. */
export function checkRuntime(node = process.versions.node) {
  const problem = runtimeProblem(node, installedSqliteVersion());
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  if (!TESTED_NODE.includes(parse(node)[0])) {
    console.warn(`Aviso: o Adam é testado no Node.js 22 e 24; este é o ${node}.`);
  }
}
