// Scale-out for real (issue 12): two API processes started as `npm start` starts them, on one
// PostgreSQL database, behind Debian's nginx (round robin, keep-alive to the upstreams) on a
// port of 127.0.0.1. The configuration is written into a temporary folder; nginx's access log
// there records which process answered each request and its status, so the bench can show the
// requests alternating and count the 401s per process. The sessions, the token rotation and
// its batch window live in the database (server/plugins/tokens.ts), so either process accepts
// a token the other one issued.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type ServerProcess,
  freePort,
  startServerProcess,
} from '../tests/support/serverProcess.js';

// Not config.ts: that one reads the bench's command line, and the tests import this file.
const ROOT = resolve(import.meta.dirname, '..');

export const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';

export interface Balancer {
  baseUrl: string;
  servers: ServerProcess[];
  /**
   * Requests and 401s per upstream since `from` (a line count of the access log), only those
   * to `path` when given.
   */
  upstreams(from?: number, path?: string): Record<string, { requests: number; status401: number }>;
  /** The access log's line count now (to count a part of the run). */
  mark(): number;
  /** The configuration written, for the README and the report. */
  config: string;
  stop(): Promise<void>;
}

/** nginx.conf for `ports` behind 127.0.0.1:`listen`, everything under `dir`. */
export function nginxConfig(dir: string, listen: number, ports: number[]): string {
  const runAsRoot = process.getuid?.() === 0;
  return `# Written by bench/nginx.ts: ${ports.length} Adam processes behind one port of 127.0.0.1.
${runAsRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    log_format upstream '$upstream_addr $status $uri';
    access_log ${dir}/access.log upstream;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    client_max_body_size 6m;

    upstream adam {
${ports.map((port) => `        server 127.0.0.1:${port};`).join('\n')}
        keepalive 32;
    }
    server {
        listen 127.0.0.1:${listen};
        location / {
            proxy_pass http://adam;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
        }
    }
}
`;
}

/** Starts `count` API processes on the env's DATABASE_URL and nginx in front of them. */
export async function startBalancer(env: NodeJS.ProcessEnv, count = 2): Promise<Balancer> {
  if (!env.DATABASE_URL)
    throw new Error('--nginx: the processes share one PostgreSQL (DATABASE_URL).');
  if (!existsSync(NGINX)) {
    throw new Error(`--nginx: ${NGINX} not found (Debian: apt-get install -y nginx).`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'adam-nginx-'));
  const servers: ServerProcess[] = [];
  try {
    // One after the other: the first one migrates, the second finds the database ready.
    for (let i = 0; i < count; i++) {
      servers.push(
        await startServerProcess({
          root: ROOT,
          // nginx is the proxy: the processes see the client's address through it.
          env: { ...env, TRUST_PROXY: '127.0.0.1' },
        }),
      );
    }
  } catch (error) {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const ports = servers.map((server) => Number(new URL(server.baseUrl).port));
  const listen = await freePort();
  const config = nginxConfig(dir, listen, ports);
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const nginx = spawn(NGINX, ['-p', dir, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  nginx.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  nginx.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${listen}`;

  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      const gone = new Promise((done) => nginx.once('exit', done));
      nginx.kill('SIGQUIT');
      await gone;
    }
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (nginx.exitCode !== null) {
      await stop();
      throw new Error(`nginx stopped (${nginx.exitCode}): ${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer: ${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }

  const lines = () => {
    const log = join(dir, 'access.log');
    return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  };
  return {
    baseUrl,
    servers,
    config,
    mark: () => lines().length,
    upstreams(from = 0, path?: string) {
      const counts: Record<string, { requests: number; status401: number }> = {};
      for (const line of lines().slice(from)) {
        const [upstream, status, uri] = line.split(' ');
        if (path !== undefined && uri !== path) continue;
        const entry = (counts[upstream] ??= { requests: 0, status401: 0 });
        entry.requests += 1;
        if (status === '401') entry.status401 += 1;
      }
      return counts;
    },
    stop,
  };
}

/**
 * The rotation across processes: `requests` sequential requests through the balancer, each
 * one rotating the token (`unbatch`, as the gem's clients may) and the next one presenting the
 * token the previous answer carried — so every token is issued by one process and presented to
 * the other. Returns the statuses seen.
 */
export async function rotationAcrossProcesses(
  baseUrl: string,
  headers: Record<string, string>,
  requests = 200,
): Promise<{ requests: number; status401: number; other: number; rotated: number }> {
  const session = { ...headers };
  let status401 = 0;
  let other = 0;
  let rotated = 0;
  for (let i = 0; i < requests; i++) {
    const response = await fetch(`${baseUrl}/api/auth/validate_token?unbatch=true`, {
      headers: session,
    });
    await response.arrayBuffer();
    if (response.status === 401) status401 += 1;
    else if (response.status !== 200) other += 1;
    const token = response.headers.get('access-token')?.trim();
    if (token && token !== session['access-token']) {
      session['access-token'] = token;
      rotated += 1;
    }
  }
  Object.assign(headers, session);
  return { requests, status401, other, rotated };
}
