// Rate limits whose counters live in the database (table rate_limits), so every API process on
// one database shares them. Two tools:
// - `limitRoute`: a fixed window per key (usually the client's address) through
//   @fastify/rate-limit with a store on that table; it answers 429 before the body is read.
// - `RateLimitCounters.fail`/`blockedFor`: failures per key with a growing delay (`delayAfter`),
//   used by the sign-in and current-password throttle (modules/auth/throttle.ts; README
//   "Proteção contra tentativas").
// Keys are bounded in length (a long key is replaced by its hash) and expired rows are purged on
// a timer, so a flood of distinct keys costs rows that go away, never memory.
import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

const MAX_KEY_LENGTH = 100;
/** How often each process deletes the rows whose window is over. */
export const PURGE_INTERVAL_MS = 60_000;

/** The key as stored: at most MAX_KEY_LENGTH characters, a readable prefix and a hash past that. */
export function boundedKey(key: string): string {
  if (key.length <= MAX_KEY_LENGTH) return key;
  return `${key.slice(0, 40)}#${createHash('sha256').update(key).digest('base64url')}`;
}

/**
 * The address a limit counts: request.ip (the client's, behind TRUST_PROXY), an IPv6 address as
 * its /64 network (one subscriber gets a whole /64), an IPv4-mapped one as IPv4.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/** A short, fixed-length stand-in for what a client sends (an e-mail of any length). */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

const bigint = (value: number) => sql`cast(${Math.round(value)} as bigint)`;

/** The table's operations; `now` is injectable for tests. */
export class RateLimitCounters {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** One more hit in the key's fixed window; the count and when the window ends. */
  async hit(key: string, windowMs: number): Promise<{ hits: number; resetAt: number }> {
    const now = this.now();
    const { rows } = await sql<{ hits: number; reset_at: number }>`
      insert into rate_limits (key, hits, reset_at, blocked_until)
      values (${boundedKey(key)}, 1, ${bigint(now + windowMs)}, 0)
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= ${bigint(now)} then 1 else rate_limits.hits + 1 end,
        blocked_until = case when rate_limits.reset_at <= ${bigint(now)} then 0 else rate_limits.blocked_until end,
        reset_at = case when rate_limits.reset_at <= ${bigint(now)} then ${bigint(now + windowMs)} else rate_limits.reset_at end
      returning hits, reset_at`.execute(this.db);
    return { hits: Number(rows[0].hits), resetAt: Number(rows[0].reset_at) };
  }

  /** The key's count in its current window (0 when none), without counting. */
  async read(key: string): Promise<{ hits: number; resetAt: number }> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['hits', 'reset_at'])
      .where('key', '=', boundedKey(key))
      .where('reset_at', '>', this.now())
      .executeTakeFirst();
    return row
      ? { hits: Number(row.hits), resetAt: Number(row.reset_at) }
      : { hits: 0, resetAt: 0 };
  }

  /**
   * One more failure for the key, forgotten after `windowMs` without failures; `delayFor(hits)`
   * says how long the key must then wait. Returns the failures counted.
   */
  async fail(key: string, windowMs: number, delayFor: (hits: number) => number): Promise<number> {
    const now = this.now();
    const stored = boundedKey(key);
    const { rows } = await sql<{ hits: number }>`
      insert into rate_limits (key, hits, reset_at, blocked_until)
      values (${stored}, 1, ${bigint(now + windowMs)}, 0)
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= ${bigint(now)} then 1 else rate_limits.hits + 1 end,
        reset_at = ${bigint(now + windowMs)}
      returning hits`.execute(this.db);
    const hits = Number(rows[0].hits);
    const delay = delayFor(hits);
    if (delay > 0) {
      // The row outlives the delay it carries.
      await this.db
        .updateTable('rate_limits')
        .set({ blocked_until: now + delay, reset_at: now + Math.max(windowMs, delay) })
        .where('key', '=', stored)
        .execute();
    }
    return hits;
  }

  /** Milliseconds until every one of the keys may try again (0: now). */
  async blockedFor(keys: string[]): Promise<number> {
    const now = this.now();
    const row = await this.db
      .selectFrom('rate_limits')
      .select((eb) => eb.fn.max('blocked_until').as('until'))
      .where('key', 'in', keys.map(boundedKey))
      .where('blocked_until', '>', now)
      .executeTakeFirst();
    const until = Number(row?.until ?? 0);
    return until > now ? until - now : 0;
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', boundedKey(key)).execute();
  }

  /** Deletes the rows whose window is over; returns how many. */
  async purge(): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where('reset_at', '<=', this.now())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store interface over the table. */
function databaseStore(counters: RateLimitCounters) {
  return class DatabaseStore {
    incr(key: string, callback: StoreCallback, timeWindow: number) {
      counters.hit(key, timeWindow).then(
        ({ hits, resetAt }) => callback(null, { current: hits, ttl: resetAt - Date.now() }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: StoreCallback) {
      counters.read(key).then(
        ({ hits, resetAt }) =>
          callback(null, { current: hits, ttl: hits ? resetAt - Date.now() : 0 }),
        (error: Error) => callback(error),
      );
    }

    child() {
      return new DatabaseStore();
    }
  };
}

/** "30 segundos", "1 minuto", "15 minutos": the wait as a person reads it. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}

/** The 429 answer, in devise_token_auth's shape (errors) with the same text as `message`. */
export function tooManyRequests(reply: FastifyReply, waitMs: number, message: string) {
  reply.header('Retry-After', Math.max(1, Math.ceil(waitMs / 1000)));
  return reply.code(429).send({ success: false, errors: [message], message });
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimitCounters;
  }
}

/** Registers @fastify/rate-limit with the database store, and the purge timer. */
export async function installRateLimits(app: FastifyInstance) {
  const counters = new RateLimitCounters(app.database.db);
  app.decorate('rateLimits', counters);
  // Routes opt in through limitRoute: no limit, and no database write, on the other routes.
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(counters) });

  const timer = setInterval(() => {
    counters.purge().catch((error: unknown) => app.log.warn({ error }, 'rate_limits purge'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export interface RouteLimit {
  /** Part of the key: routes with different names count apart. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted; the client's address by default. */
  key?: (request: FastifyRequest) => string;
  /** The 429's text for the time left. */
  message: (wait: string) => string;
}

/**
 * An onRequest hook limiting the route to `max` requests per window per key: it runs before the
 * body is read, so a refused request costs one row update and no parsing.
 */
export function limitRoute(app: FastifyInstance, limit: RouteLimit): onRequestHookHandler {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) =>
      `${limit.name}:${limit.key ? limit.key(request) : clientAddress(request)}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      return tooManyRequests(reply, result.ttl, limit.message(waitText(result.ttl)));
    }
  };
}

/** The public pages' reads (the church's name and logo, the form's custom fields) per address. */
export function limitPublicReads(app: FastifyInstance): onRequestHookHandler {
  return limitRoute(app, {
    name: 'public_read',
    max: PUBLIC_READS_PER_MINUTE,
    windowMs: 60_000,
    message: (wait) => `Muitas consultas a partir desta conexão. Tente novamente em ${wait}.`,
  });
}
export const PUBLIC_READS_PER_MINUTE = 300;

export interface ThrottleSettings {
  /** Failures forgotten after this long without another. */
  windowMs: number;
  /** Failures allowed before any delay. */
  free: number;
  /** The first delay; each further failure doubles it, up to maxDelayMs. */
  delayMs: number;
  maxDelayMs: number;
}

/** Exponential delay after `free` failures: delayMs, 2×, 4×… capped at maxDelayMs. */
export function delayAfter(hits: number, settings: ThrottleSettings, free = settings.free): number {
  if (hits <= free) return 0;
  const exponent = Math.min(hits - free - 1, 30);
  return Math.min(settings.delayMs * 2 ** exponent, settings.maxDelayMs);
}
