import { resolve } from 'node:path';

export interface Config {
  host: string;
  port: number;
  /** Folder of the embedded database and its lock file. */
  dataDir: string;
  /** PostgreSQL connection string; when empty the embedded SQLite database is used. */
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Folder of the built app; `null` serves the API only (tests). */
  distDir: string | null;
  auth: AuthSettings;
  /** pino log level; `false` silences the server (tests). */
  log: false | 'fatal' | 'error' | 'warn' | 'info' | 'debug';
}

export interface AuthSettings {
  /** Token lifespan, sliding (devise_token_auth `token_lifespan`). */
  tokenLifespanSeconds: number;
  /** Batch window in which the previous token keeps working without rotation. */
  batchWindowMs: number;
  maxClientsPerUser: number;
  /** Sign-in attempts per IP per window. */
  signInPerIp: number;
  /** Failed sign-ins per e-mail per window. */
  signInFailuresPerEmail: number;
  signInWindowMs: number;
}

export const defaultAuthSettings: AuthSettings = {
  tokenLifespanSeconds: 14 * 24 * 60 * 60,
  batchWindowMs: 5_000,
  maxClientsPerUser: 10,
  signInPerIp: 30,
  signInFailuresPerEmail: 10,
  signInWindowMs: 15 * 60 * 1000,
};

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT inválida: ${env.PORT}`);
  }
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    distDir: resolve('dist'),
    auth: defaultAuthSettings,
    log: env.LOG === '0' ? false : (env.LOG as Config['log']) || 'warn',
  };
}
