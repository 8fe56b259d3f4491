// The server as `npm start` runs it: server/server.ts and what it imports, compiled by esbuild
// into build/ (packages stay in node_modules), and compiled again only when its sources are not
// the ones it was compiled from. Plain JavaScript: server/start.mjs runs it before there is a
// compiled server.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';

/** What the compiled server is made of: its code (start.mjs too), the pure core, the settings. */
const SERVER_INPUTS = ['server', 'domain', 'package.json', 'tsconfig.json', 'tsconfig.server.json'];

/** The compiled files under `root`: the server, and the worker that reads uploaded files. */
export const serverOutputs = (root) => [
  join(root, 'build', 'server.mjs'),
  join(root, 'build', 'parseWorker.mjs'),
];

/** Which sources the compiled server was made from, with their dates and sizes. */
const sourcesFile = (root) => join(root, 'build', 'server.sources.json');

/** Every source file under `root`, as "path modified size", sorted. */
function scanSources(root) {
  const lines = [];
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else {
      lines.push(`${relative(root, path)} ${stat.mtimeMs} ${stat.size}`);
    }
  };
  for (const input of SERVER_INPUTS) visit(join(root, input));
  return lines.sort();
}

/**
 * Whether build/ holds the server compiled from the sources as they are: the same files, each
 * with the date and size it had when the compilation started. A file edited, added or removed,
 * or put back with an older date (a release unpacked over the folder), compiles it again.
 */
export function compiledServerIsCurrent(root) {
  const outputs = [...serverOutputs(root), sourcesFile(root)];
  if (!outputs.every((path) => existsSync(path))) return false;
  try {
    const recorded = JSON.parse(readFileSync(sourcesFile(root), 'utf8'));
    const now = scanSources(root);
    return (
      Array.isArray(recorded) &&
      recorded.length === now.length &&
      recorded.every((line, index) => line === now[index])
    );
  } catch {
    return false;
  }
}

/** Compiles the server into build/, and records the sources it was compiled from. */
export async function compileServer(root) {
  const sources = scanSources(root);
  const { build, stop } = await import('esbuild');
  // Two entry points: the server, and the worker that reads uploaded files beside it
  // (server/imports/worker.ts finds build/parseWorker.mjs next to build/server.mjs).
  const { outputFiles } = await build({
    entryPoints: {
      server: join(root, 'server', 'server.ts'),
      parseWorker: join(root, 'server', 'imports', 'parseWorker.ts'),
    },
    outdir: join(root, 'build'),
    outExtension: { '.js': '.mjs' },
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
  // Each file written whole, then renamed: servers starting at once (the browser tests) never
  // read half a file. The sources last, as they were when the compilation started.
  mkdirSync(join(root, 'build'), { recursive: true });
  const files = [
    ...outputFiles.map((output) => [output.path, output.contents]),
    [sourcesFile(root), `${JSON.stringify(sources)}\n`],
  ];
  for (const [path, contents] of files) {
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, contents);
    renameSync(partial, path);
  }
}
