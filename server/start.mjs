// npm start: compiles the server (server/server.ts and what it imports, into one file; packages
// stay in node_modules; server/serverBuild.mjs) unless build/ holds it compiled from the sources
// as they are, then runs it as a child process and supervises it. Plain node runs the compiled
// server with about 35 MB less memory than the tsx loader, which keeps a TypeScript compiler in
// the process.
//
// Supervision: the child gets this process's Node flags (the heap cap of the start script).
// When it ends unexpectedly (a crash, out of memory, kill -9) it is started again after a pause
// that doubles at each crash in a row (1 s, 2 s, 4 s … 30 s; back to 1 s once it has run for a
// minute), and the log says so. A server that cannot start at all (settings, the data-folder
// lock, a database that cannot be opened or fails PRAGMA quick_check: exit code 78) is not
// restarted. SIGTERM and SIGINT stop the server cleanly
// (it closes the database and releases the lock) and then this process.
// First: a runtime known to crash is refused before anything loads the SQLite addon.
import './checkRuntime.mjs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileServer, compiledServerIsCurrent } from './serverBuild.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = join(root, 'build', 'server.mjs');
const EXIT_CANNOT_START = 78;
const FIRST_PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;
const STOP_GRACE_MS = 15_000;

// A restart, or each browser test's server, skips the compilation when nothing changed.
if (!compiledServerIsCurrent(root)) await compileServer(root);

const log = (text) => console.error(`[${new Date().toISOString()}] ${text}`);

let child = null;
let stopping = false;
let pause = FIRST_PAUSE_MS;
let restartTimer = null;

function run() {
  restartTimer = null;
  const startedAt = Date.now();
  child = spawn(process.execPath, [...process.execArgv, outfile], {
    stdio: 'inherit',
    env: process.env,
  });
  child.on('exit', (code, signal) => {
    child = null;
    if (stopping) process.exit(code ?? 0);
    if (code === 0) process.exit(0);
    // Passed on, so that systemd's RestartPreventExitStatus=78 does not restart it either.
    if (code === EXIT_CANNOT_START) process.exit(EXIT_CANNOT_START);
    if (Date.now() - startedAt >= HEALTHY_AFTER_MS) pause = FIRST_PAUSE_MS;
    const how = signal ? `pelo sinal ${signal}` : `com o código ${code}`;
    log(
      `O servidor do Adam parou inesperadamente (${how}). ` + `Reiniciando em ${pause / 1000} s…`,
    );
    restartTimer = setTimeout(run, pause);
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  });
}

function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  if (restartTimer) clearTimeout(restartTimer);
  if (!child) process.exit(0);
  child.kill(signal);
  setTimeout(() => {
    log('O servidor não parou a tempo; encerrando-o à força.');
    child?.kill('SIGKILL');
  }, STOP_GRACE_MS).unref();
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
run();
