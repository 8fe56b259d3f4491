// The real server as `npm start` runs it (the command of package.json's "start" script, Node
// flags included), as a child process in its own process group on a free port: the browser
// tests and the benchmark measure what ships.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface ServerProcess {
  baseUrl: string;
  /** The supervisor (npm start's process, server/start.mjs); its process group holds the server. */
  pid: number;
  /** The server process the supervisor runs (0 while it restarts). */
  serverPid(): number;
  /** Everything the server printed (for error messages). */
  output(): string;
  /** VmRSS and VmHWM (peak) in MB of the server's node process (not the supervisor's). */
  memory(): { rssMb: number; peakMb: number };
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** package.json's start script as [node, ...its arguments]: plain words, no shell syntax. */
export function startCommand(root: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [program, ...args] = scripts.start.trim().split(/\s+/);
  if (program !== 'node' || args.some((arg) => /[&|;<>$`'"]/.test(arg))) {
    throw new Error(`The start script must be "node <args>": ${scripts.start}`);
  }
  return [process.execPath, ...args];
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The first child of `pid` (the supervisor's server), or 0. */
export function childPid(pid: number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return Number(children.split(/\s+/)[0]) || 0;
  } catch {
    return 0;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/** The error of a server that found its port taken (see startServerProcess). */
class PortTaken extends Error {}

/**
 * Starts the server with `env` (PORT and HOST are set here) and waits for /api/health. A free
 * port may be taken by another process between the choice and the server listening on it
 * (another test starting a server, any other program): the server is then started again on
 * another port.
 */
export async function startServerProcess(options: {
  root: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

async function startOnFreePort(options: {
  root: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const [program, ...args] = startCommand(options.root);
  let log = '';
  const child = spawn(program, args, {
    cwd: options.root,
    env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;

  // Should the run be cut short, the server must not outlive it.
  const killOnExit = () => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      const gone = exited(child);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await gone;
      clearTimeout(timer);
    }
  };

  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      const message = `O servidor terminou antes de responder (código ${child.exitCode}):\n${log}`;
      throw log.includes('EADDRINUSE') ? new PortTaken(message) : new Error(message);
    }
    // Ours once it has printed its address ("Adam em http://…", server/server.ts): an answer
    // alone may come from another server that took the port first.
    if (log.includes(baseUrl)) {
      try {
        const response = await fetch(`${baseUrl}/api/health`);
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`O servidor não respondeu em ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }

  return {
    baseUrl,
    pid: child.pid!,
    serverPid: () => childPid(child.pid!),
    output: () => log,
    memory: () => {
      const pid = childPid(child.pid!) || child.pid!;
      return { rssMb: statusKb(pid, 'VmRSS') / 1024, peakMb: statusKb(pid, 'VmHWM') / 1024 };
    },
    stop,
  };
}

/** Headless Chromium's flags on this machine (Debian's chromium, no network of its own). */
export const CHROMIUM = {
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // Only the server under test can be reached: every other address goes through a proxy on a
    // closed local port and fails; loopback addresses bypass proxies. (Chromium refuses them
    // itself: intercepting each request from the test process cost a round trip per request.)
    '--proxy-server=http://127.0.0.1:9',
  ],
};
