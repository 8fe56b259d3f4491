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
import { dirname, join, relative } from 'node:path';

/** What the compiled server is made of: its code (start.mjs too), the pure core, the settings. */
const SERVER_INPUTS = ['server', 'domain', 'package.json', 'tsconfig.json', 'tsconfig.server.json'];

/** The compiled files under `root`: the server, and the worker that reads uploaded files. */
export const serverOutputs = (root) => [
  join(root, 'build', 'server.mjs'),
  join(root, 'build', 'parseWorker.mjs'),
];

/** Which sources the compiled server was made from, with their dates and sizes. */
const sourcesFile = (root) => join(root, 'build', 'server.sources.json');

/** Every file under `inputs` (paths under `root`), as "path modified size", sorted. */
export function scanSources(root, inputs) {
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
  for (const input of inputs) visit(join(root, input));
  return lines.sort();
}

/**
 * Whether `record` (written by writeSourcesRecord) lists the files under `inputs` as they are
 * now: the same files, each with the date and size it had when its build started. A file edited,
 * added or removed, or put back with an older date (a release unpacked over the folder), is a
 * difference: dates compared for equality, never for "newer than the build".
 */
export function sourcesMatchRecord(root, inputs, record) {
  try {
    const recorded = JSON.parse(readFileSync(record, 'utf8'));
    const now = scanSources(root, inputs);
    return (
      Array.isArray(recorded) &&
      recorded.length === now.length &&
      recorded.every((line, index) => line === now[index])
    );
  } catch {
    return false;
  }
}

/** Writes a file whole under another name, then renames it: no reader sees half of it. */
function writeWhole(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}

/** Records `sources` (scanSources, taken when the build started) in `record`. */
export function writeSourcesRecord(record, sources) {
  writeWhole(record, `${JSON.stringify(sources)}\n`);
}

/**
 * Whether build/ holds the server compiled from the sources as they are (sourcesMatchRecord),
 * with both of its files.
 */
export function compiledServerIsCurrent(root) {
  return (
    serverOutputs(root).every((path) => existsSync(path)) &&
    sourcesMatchRecord(root, SERVER_INPUTS, sourcesFile(root))
  );
}

/** Compiles the server into build/, and records the sources it was compiled from. */
export async function compileServer(root) {
  const sources = scanSources(root, SERVER_INPUTS);
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
  for (const output of outputFiles) writeWhole(output.path, output.contents);
  writeSourcesRecord(sourcesFile(root), sources);
}
