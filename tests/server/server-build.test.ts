// npm start compiles the server, and builds the app, only when their sources are not the ones
// they were built from (server/serverBuild.mjs, server/build.ts): a restart, or each browser
// test's server, starts without esbuild or vite.
import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_INPUTS, appSourcesFile, buildIsStale } from '../../server/build.js';
import {
  compileServer,
  compiledServerIsCurrent,
  scanSources,
  serverOutputs,
  writeSourcesRecord,
} from '../../server/serverBuild.mjs';

describe('the compiled server', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeAll(() => {
    // A small tree shaped as Adam's: the server, the upload worker, the pure core, the settings.
    root = mkdtempSync(join(tmpdir(), 'adam-server-build-'));
    write('domain/money.ts', 'export const cents = (reais: number) => Math.round(reais * 100);\n');
    write('server/server.ts', "import { cents } from '../domain/money';\nconsole.log(cents(1));\n");
    write('server/imports/parseWorker.ts', 'export const worker = true;\n');
    for (const file of ['package.json', 'tsconfig.json', 'tsconfig.server.json'])
      write(file, '{}\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is compiled when there is none, and then is current', async () => {
    expect(compiledServerIsCurrent(root)).toBe(false);
    await compileServer(root);
    for (const output of serverOutputs(root)) expect(statSync(output).size).toBeGreaterThan(0);
    expect(compiledServerIsCurrent(root)).toBe(true);
  });

  it('is stale when a source, the pure core or a setting was saved again', async () => {
    for (const path of ['server/server.ts', 'domain/money.ts', 'tsconfig.server.json']) {
      const later = new Date(Date.now() + 60_000);
      utimesSync(join(root, path), later, later);
      expect(compiledServerIsCurrent(root), path).toBe(false);
      await compileServer(root);
      expect(compiledServerIsCurrent(root), path).toBe(true);
    }
  });

  it('is stale when a source is put back with an older date (a release unpacked over it)', async () => {
    const earlier = new Date('2026-01-01T12:00:00Z');
    utimesSync(join(root, 'domain/money.ts'), earlier, earlier);
    expect(compiledServerIsCurrent(root)).toBe(false);
    await compileServer(root);
    expect(compiledServerIsCurrent(root)).toBe(true);
  });

  it('is stale when a file was added or removed, or one of its own files is missing', async () => {
    write('server/modules/cep/service.ts', 'export {};\n');
    expect(compiledServerIsCurrent(root)).toBe(false);
    await compileServer(root);
    expect(compiledServerIsCurrent(root)).toBe(true);
    rmSync(join(root, 'server/modules/cep/service.ts'));
    expect(compiledServerIsCurrent(root)).toBe(false);
    await compileServer(root);
    rmSync(serverOutputs(root)[1]);
    expect(compiledServerIsCurrent(root)).toBe(false);
  });
});

describe('the app built into dist/', () => {
  let root: string;
  const dist = () => join(root, 'dist');
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  /** What buildApp does once vite has built: dist/ and the record of the sources it read. */
  const built = () => {
    const sources = scanSources(root, APP_INPUTS);
    write('dist/index.html', '<!doctype html><title>Adam</title>\n');
    writeSourcesRecord(appSourcesFile(root), sources);
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'adam-app-build-'));
    write('src/main.tsx', 'export {};\n');
    write('domain/money.ts', 'export const cents = 1;\n');
    write('index.html', '<!doctype html>\n');
    write('public/favicon.svg', '<svg/>\n');
    for (const file of ['package.json', 'tsconfig.json', 'vite.config.ts']) write(file, '{}\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is built when dist/ or its record is missing, and then is current', () => {
    expect(buildIsStale(root, dist())).toBe(true);
    write('dist/index.html', '<!doctype html>\n');
    expect(buildIsStale(root, dist())).toBe(true);
    built();
    expect(buildIsStale(root, dist())).toBe(false);
    rmSync(join(dist(), 'index.html'));
    expect(buildIsStale(root, dist())).toBe(true);
    built();
    expect(buildIsStale(root, dist())).toBe(false);
  });

  it('is stale when a screen is saved again, or put back with an older date', () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/main.tsx'), later, later);
    expect(buildIsStale(root, dist())).toBe(true);
    built();
    // A release unpacked over the folder: its files carry dates older than dist/'s.
    const earlier = new Date('2026-01-01T12:00:00Z');
    utimesSync(join(root, 'domain/money.ts'), earlier, earlier);
    expect(buildIsStale(root, dist())).toBe(true);
    built();
    expect(buildIsStale(root, dist())).toBe(false);
  });

  it('is stale when the packages change (another lock file), not when nothing does', () => {
    write('package-lock.json', '{"lockfileVersion": 3}\n');
    expect(buildIsStale(root, dist())).toBe(true);
    built();
    expect(buildIsStale(root, dist())).toBe(false);
    write('package-lock.json', '{"lockfileVersion": 3, "packages": {}}\n');
    expect(buildIsStale(root, dist())).toBe(true);
    built();
    expect(buildIsStale(root, dist())).toBe(false);
  });

  it('is stale when a file is added to public/ or removed from src/', () => {
    write('public/logo.png', 'png');
    expect(buildIsStale(root, dist())).toBe(true);
    built();
    rmSync(join(root, 'src/main.tsx'));
    expect(buildIsStale(root, dist())).toBe(true);
    built();
    expect(buildIsStale(root, dist())).toBe(false);
  });
});
