// The runtimes Adam refuses at `npm start` and in the CLI (server/runtime.mjs).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runtimeProblem } from '../../server/runtime.mjs';

describe('runtime', () => {
  it('runs on Node 22 and 24 with better-sqlite3 13', () => {
    expect(runtimeProblem('22.23.3', '13.2.0')).toBeNull();
    expect(runtimeProblem('24.21.0', '13.2.0')).toBeNull();
    // better-sqlite3 12 on Node 22 and on a Node 24 before the regression: fine
    expect(runtimeProblem('22.12.0', '12.11.1')).toBeNull();
    expect(runtimeProblem('24.18.0', '12.11.1')).toBeNull();
  });

  it('refuses Node 20 (end of life; better-sqlite3 13 crashes on it)', () => {
    expect(runtimeProblem('20.20.2', '13.2.0')).toBe(
      'O Adam precisa do Node.js 22 ou 24 (LTS); este é o Node 20.20.2, sem suporte desde ' +
        '30/04/2026. Instale o Node.js 22 ou 24 (https://nodejs.org) e rode "npm install" de novo.',
    );
    expect(runtimeProblem('18.20.0', null)).toMatch(/precisa do Node.js 22 ou 24/);
  });

  it('refuses Node ≥ 24.19 with a better-sqlite3 older than 13 (nodejs/node#65446)', () => {
    for (const node of ['24.19.0', '24.21.0', '25.1.0']) {
      expect(runtimeProblem(node, '12.11.1'), node).toBe(
        `O Node ${node} derruba o better-sqlite3 12.11.1 (falha conhecida: nodejs/node#65446). ` +
          'Rode "npm install" para instalar o better-sqlite3 13 que o Adam usa, ou use o Node.js 22.',
      );
    }
  });

  it('the check exits with the message before anything starts', () => {
    const result = spawnSync(
      process.execPath,
      ['-e', "import('./server/runtime.mjs').then((m) => m.checkRuntime('20.20.2'))"],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^O Adam precisa do Node.js 22 ou 24 \(LTS\); este é o Node 20\.20\.2/,
    );
  });
});
