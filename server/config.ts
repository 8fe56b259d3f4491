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
  /** The CEP lookup's services (GET /api/cep/:cep). */
  cep: CepSettings;
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

export interface CepSettings {
  /** ViaCEP's address, `{cep}` standing for the 8 digits; null: not asked. */
  viaCepUrl: string | null;
  /** BrasilAPI's address, asked when ViaCEP does not answer; null: not asked. */
  brasilApiUrl: string | null;
  /** Each service's time to answer. */
  timeoutMs: number;
  /** CEPs kept in memory (the least recently used leaves first). */
  cacheSize: number;
}

export const defaultCepSettings: CepSettings = {
  viaCepUrl: 'https://viacep.com.br/ws/{cep}/json/',
  brasilApiUrl: 'https://brasilapi.com.br/api/cep/v1/{cep}',
  timeoutMs: 2_000,
  cacheSize: 5_000,
};

/** An upstream address from the environment: unset keeps the default, "off" turns it off. */
function upstream(value: string | undefined, fallback: string | null): string | null {
  if (value === undefined || value.trim() === '') return fallback;
  if (value.trim().toLowerCase() === 'off') return null;
  if (!/^https?:\/\/.+\{cep\}/.test(value.trim())) {
    throw new Error(`Endereço de consulta de CEP inválido (use http(s)://…{cep}…): ${value}`);
  }
  return value.trim();
}

export function cepSettingsFromEnv(env: NodeJS.ProcessEnv): CepSettings {
  const timeout = Number(env.CEP_TIMEOUT_MS || defaultCepSettings.timeoutMs);
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 60_000) {
    throw new Error(`CEP_TIMEOUT_MS inválido: ${env.CEP_TIMEOUT_MS}`);
  }
  return {
    viaCepUrl: upstream(env.CEP_VIACEP_URL, defaultCepSettings.viaCepUrl),
    brasilApiUrl: upstream(env.CEP_BRASILAPI_URL, defaultCepSettings.brasilApiUrl),
    timeoutMs: timeout,
    cacheSize: defaultCepSettings.cacheSize,
  };
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
    cep: cepSettingsFromEnv(env),
    log: env.LOG === '0' ? false : (env.LOG as Config['log']) || 'warn',
  };
}
