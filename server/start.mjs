// npm start: compiles the server (server/server.ts and what it imports, into one file; packages
// stay in node_modules) and runs it in this process. Plain node runs the compiled server with
// about 35 MB less memory than the tsx loader, which keeps a TypeScript compiler in the process.
// First: a runtime known to crash is refused before anything loads the SQLite addon.
import './checkRuntime.mjs';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = join(root, 'build', 'server.mjs');

const { outputFiles } = await build({
  entryPoints: [join(root, 'server', 'server.ts')],
  outfile,
  write: false,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  logLevel: 'warning',
});
// esbuild's helper process is not needed any more.
await stop();
// Written whole, then renamed: servers starting at once (the browser tests) never read half a file.
mkdirSync(join(root, 'build'), { recursive: true });
const partial = `${outfile}.${process.pid}`;
writeFileSync(partial, outputFiles[0].contents);
renameSync(partial, outfile);
await import(pathToFileURL(outfile).href);
