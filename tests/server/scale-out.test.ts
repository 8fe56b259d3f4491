// Scale-out (issue 12): two API processes started as `npm start` starts them, on one
// PostgreSQL database, behind nginx (bench/nginx.ts writes its configuration). Requests
// alternate between the processes and none is a spurious 401: a token issued by one process
// is accepted by the other, rotation included, and a batch of concurrent requests with one
// token passes on both. On SQLite the balancer is refused (one server per data folder).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nginxConfig, rotationAcrossProcesses, startBalancer } from '../../bench/nginx.js';
import { createPostgresDatabase, usingPostgres } from '../support/testApp.js';

const ADMIN = { email: 'admin@adam.local', password: 'senha-admin-123' };
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('two API processes behind nginx', () => {
  it('writes an upstream of the processes on a port of 127.0.0.1', () => {
    const config = nginxConfig('/tmp/x', 4100, [4101, 4102]);
    expect(config).toContain('listen 127.0.0.1:4100;');
    expect(config).toContain('server 127.0.0.1:4101;');
    expect(config).toContain('server 127.0.0.1:4102;');
    expect(config).toContain('access_log /tmp/x/access.log upstream;');
  });

  it(
    usingPostgres
      ? 'alternate requests between the processes with no 401 (PostgreSQL)'
      : 'are refused on SQLite',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'adam-scale-out-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SKIP_BUILD: '1',
        LOG: '0',
        DATABASE_URL: '',
      };
      if (!usingPostgres) {
        await expect(startBalancer(env)).rejects.toThrow(/one PostgreSQL/);
        return;
      }
      const pg = await createPostgresDatabase();
      cleanups.push(pg.drop);
      const balancer = await startBalancer({ ...env, DATABASE_URL: pg.url });
      cleanups.push(balancer.stop);

      const signIn = await fetch(`${balancer.baseUrl}/api/auth/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(signIn.status).toBe(200);
      await signIn.arrayBuffer();
      const headers = {
        'access-token': signIn.headers.get('access-token') ?? '',
        client: signIn.headers.get('client') ?? '',
        uid: signIn.headers.get('uid') ?? '',
      };

      // Every answer's new token presented next, to the other process.
      const mark = balancer.mark();
      const rotation = await rotationAcrossProcesses(balancer.baseUrl, headers, 40);
      expect(rotation).toMatchObject({ requests: 40, status401: 0, other: 0 });
      expect(rotation.rotated).toBe(40);
      // nginx writes a request's log line after sending its answer: on a loaded machine a line
      // can trail the client's read of the answer (one run counted 20 and 19; another found the
      // sign-in's line after the mark). So the rotation's lines are counted by their path.
      const rotationPath = '/api/auth/validate_token';
      const rotated = () => Object.values(balancer.upstreams(mark, rotationPath));
      await expect
        .poll(() => rotated().reduce((sum, u) => sum + u.requests, 0), { timeout: 5_000 })
        .toBe(40);
      const upstreams = rotated();
      expect(upstreams).toHaveLength(2);
      expect(upstreams.map((u) => u.requests)).toEqual([20, 20]);

      // A screen's batch: concurrent requests with one token, on both processes.
      const statuses = await Promise.all(
        Array.from({ length: 40 }, async () => {
          const response = await fetch(`${balancer.baseUrl}/api/members?range=[0,9]`, { headers });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(Object.keys(balancer.upstreams(mark))).toHaveLength(2);
    },
    180_000,
  );
});
