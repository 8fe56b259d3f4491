import { isIP } from 'node:net';
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
  /**
   * Fastify's trustProxy: which proxies may tell the client's address (X-Forwarded-For) and
   * protocol. Off by default: request.ip is the connection's address.
   */
  trustProxy?: TrustProxy;
  /** The address people use to reach Adam (QR codes and links); default: the request's own. */
  publicUrl?: string;
  /** The CEP lookup's services (GET /api/cep/:cep). */
  cep: CepSettings;
  /**
   * Daily copies of the embedded database kept in DATA_DIR/backups (BACKUP_KEEP, default 7);
   * 0 turns the daily copy off. Unset: the default (tests' apps make no copies: only the
   * listening server starts them).
   */
  backupKeep?: number;
  /**
   * How long a message delivery claimed by a process belongs to it (MESSAGE_LEASE_SECONDS,
   * default 60): past it, another process may send it (its own died).
   */
  messageLeaseMs?: number;
  /** pino log level; `false` silences the server (tests). */
  log: false | 'fatal' | 'error' | 'warn' | 'info' | 'debug';
}

export interface AuthSettings {
  /** Token lifespan, sliding (devise_token_auth `token_lifespan`). */
  tokenLifespanSeconds: number;
  /** Batch window in which the previous token keeps working without rotation. */
  batchWindowMs: number;
  maxClientsPerUser: number;
  /**
   * Failed sign-ins (unknown e-mail or wrong password) per address per window: successes and
   * requests refused before any credential is read do not count (issue 22).
   */
  signInPerIp: number;
  /**
   * Sign-in requests of any kind per address per minute, counted before the body is read: the
   * cheap flood limit, far above what an office signs in (a training session of 30 is nothing).
   */
  signInFloodPerIp: number;
  /**
   * Failed sign-ins of one e-mail, from any address, past which the e-mail is under attack: each
   * address then gets signInFreeFailuresUnderAttack free failures for it instead of
   * signInFreeFailures. A first attempt from a new address is always checked.
   */
  signInFailuresPerEmail: number;
  /** Failures of one (e-mail, address) pair before the delays start. */
  signInFreeFailures: number;
  signInFreeFailuresUnderAttack: number;
  /** The first delay after the free failures; it doubles at each further failure. */
  signInDelayMs: number;
  signInMaxDelayMs: number;
  /** Failures are forgotten after this long without another; also the per-address window. */
  signInWindowMs: number;
}

/** Fastify's trustProxy values: on, a number of hops, or the proxies' addresses and CIDRs. */
export type TrustProxy = boolean | number | string[];

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
  signInFloodPerIp: 300,
  signInFailuresPerEmail: 10,
  signInFreeFailures: 5,
  signInFreeFailuresUnderAttack: 1,
  signInDelayMs: 2_000,
  signInMaxDelayMs: 15 * 60 * 1000,
  signInWindowMs: 15 * 60 * 1000,
};

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: empty or false (off), true, a hop count, or addresses/CIDRs separated by commas. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (!text || /^(false|0)$/i.test(text)) return false;
  if (/^true$/i.test(text)) return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !validAddressOrCidr(entry));
  if (bad !== undefined || entries.length === 0) {
    throw new Error(
      `TRUST_PROXY inválido: ${text}. Use true, o número de proxies à frente do Adam, ` +
        'ou endereços e faixas CIDR separados por vírgula (ex.: 127.0.0.1,10.0.0.0/8).',
    );
  }
  return entries;
}

/** PUBLIC_URL: an http(s) origin, with an optional path prefix; no trailing slash. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  const text = (value ?? '').trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    url = new URL('invalid:');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
    throw new Error(`PUBLIC_URL inválida: ${text}. Exemplo: https://adam.minhaigreja.org.br`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** BACKUP_KEEP: how many daily copies stay (0 turns them off); unset or empty: 7. */
export function parseBackupKeep(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (!text) return 7;
  if (!/^\d+$/.test(text) || Number(text) > 3650) {
    throw new Error(
      `BACKUP_KEEP inválido: ${text}. Informe quantas cópias diárias guardar (0 a 3650; 0 desliga).`,
    );
  }
  return Number(text);
}

export function parseMessageLease(value: string | undefined): number | undefined {
  const text = (value ?? '').trim();
  if (!text) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 3600) {
    throw new Error(`MESSAGE_LEASE_SECONDS inválido: ${text}. Informe de 1 a 3600 segundos.`);
  }
  return Number(text) * 1000;
}

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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    cep: cepSettingsFromEnv(env),
    backupKeep: parseBackupKeep(env.BACKUP_KEEP),
    messageLeaseMs: parseMessageLease(env.MESSAGE_LEASE_SECONDS),
    log: env.LOG === '0' ? false : (env.LOG as Config['log']) || 'warn',
  };
}
