// The real server (npm start) on an embedded database of a folder, and what the backup test and
// the restore drill (bench/restoreDrill.ts) ask of it and of its SQLite files.
import Database from 'better-sqlite3';
import { type ServerProcess, startServerProcess } from './serverProcess.js';

export const SERVER_ADMIN = { email: 'admin@adam.local', password: 'senha-admin-123' };

/** npm start on `dataDir`'s adam.sqlite (the first admin SERVER_ADMIN); no daily copy unless `extra` asks. */
export function startEmbeddedServer(
  root: string,
  dataDir: string,
  extra: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  return startServerProcess({
    root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: SERVER_ADMIN.email,
      ADMIN_PASSWORD: SERVER_ADMIN.password,
      SKIP_BUILD: '1',
      LOG: '0',
      BACKUP_KEEP: '0',
      ...extra,
    },
  });
}

/** SERVER_ADMIN's session headers. */
export async function signInAdmin(server: ServerProcess): Promise<Record<string, string>> {
  const response = await fetch(`${server.baseUrl}/api/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SERVER_ADMIN),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign_in: ${response.status}`);
  const headers: Record<string, string> = {};
  for (const name of ['access-token', 'client', 'uid']) headers[name] = response.headers.get(name)!;
  return headers;
}

/** The members the API counts (Content-Range's total). */
export async function apiMemberCount(
  server: ServerProcess,
  auth: Record<string, string>,
): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/members?range=[0,0]`, { headers: auth });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/api/members: ${response.status}`);
  return Number(response.headers.get('content-range')!.split('/')[1]);
}

/** A member added through the API (201 expected). */
export async function addMember(
  server: ServerProcess,
  auth: Record<string, string>,
  name: string,
): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/members`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name, status: 'active' }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** integrity_check's or quick_check's answer on a file ("ok"), or SQLite's error. */
export function sqliteCheck(
  file: string,
  pragma: 'integrity_check' | 'quick_check' = 'integrity_check',
): string {
  const db = new Database(file, { readonly: true });
  try {
    return (db.pragma(pragma) as Array<Record<string, string>>)
      .map((row) => row[pragma])
      .join('; ');
  } catch (error) {
    return (error as Error).message;
  } finally {
    db.close();
  }
}

/** The rows of `table` in a SQLite file. */
export function rowCount(file: string, table: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}
