// The real server (`tsx server/index.ts`) as a child process in its own process group.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface RunningServer {
  baseUrl: string;
  pid: number;
  output(): string;
  /** VmRSS and VmHWM (peak) in MB of the server's node process (the largest of tsx's tree). */
  memory(): { rssMb: number; peakMb: number; pid: number };
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

function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    const tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    children = tasks.split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
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

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

export async function startServer(options: {
  root: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<RunningServer> {
  const port = await freePort();
  let log = '';
  const child = spawn(join(options.root, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], {
    cwd: options.root,
    env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
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

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`O servidor terminou antes de responder (código ${child.exitCode}):\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`O servidor não respondeu a tempo:\n${log}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }

  return {
    baseUrl,
    pid: child.pid!,
    output: () => log,
    memory() {
      const pids = [child.pid!, ...descendants(child.pid!)];
      const server = pids.reduce((best, pid) =>
        statusKb(pid, 'VmRSS') > statusKb(best, 'VmRSS') ? pid : best,
      );
      return {
        pid: server,
        rssMb: statusKb(server, 'VmRSS') / 1024,
        peakMb: statusKb(server, 'VmHWM') / 1024,
      };
    },
    stop,
  };
}
