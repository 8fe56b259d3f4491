// `npm start` builds the app (vite, into dist/) when dist/ was not built from its sources as they
// are: the same record of files, dates and sizes as the compiled server's (serverBuild.mjs), so a
// release unpacked over the folder with older dates builds again, and a restart never does.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { scanSources, sourcesMatchRecord, writeSourcesRecord } from './serverBuild.mjs';

/** What the app in dist/ is made of (vite bundles the packages in: the lock file counts). */
export const APP_INPUTS = [
  'src',
  'domain',
  'index.html',
  'public',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** The record of the sources dist/ was built from (in build/, which is not served). */
export const appSourcesFile = (root: string) => join(root, 'build', 'app.sources.json');

export function buildIsStale(root: string, distDir: string): boolean {
  return (
    !existsSync(join(distDir, 'index.html')) ||
    !sourcesMatchRecord(root, APP_INPUTS, appSourcesFile(root))
  );
}

export function buildApp(root: string): void {
  const sources = scanSources(root, APP_INPUTS);
  const require = createRequire(join(root, 'package.json'));
  const viteBin = join(require.resolve('vite/package.json'), '..', 'bin', 'vite.js');
  console.log('Compilando a aplicação (vite build)…');
  const result = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Always React's production build, even when started from a test runner (NODE_ENV=test).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('A compilação da aplicação falhou.');
  // The sources as they were when the build started: a file saved during it builds again.
  writeSourcesRecord(appSourcesFile(root), sources);
}
