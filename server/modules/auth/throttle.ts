// Sign-in and current-password throttling (README "Proteção contra tentativas"). The aim: a
// guesser is slowed down exponentially, and nobody can lock the owner out by failing on purpose.
//
// - Per (e-mail, address): after `signInFreeFailures` failures each further failure doubles the
//   wait before that pair may try again (2 s, 4 s, 8 s… up to 15 min); a success clears it.
// - Per e-mail, from every address: past `signInFailuresPerEmail` failures the e-mail is under
//   attack and each address gets only `signInFreeFailuresUnderAttack` free failure(s) for it
//   before its own delays start. The e-mail itself is never refused: the first attempt from an
//   address that has not failed is always checked, so the owner signs in from their phone
//   while a stranger hammers the account from elsewhere.
// - Per address, all e-mails: `signInPerIp` failed sign-ins per window, which bounds how many
//   e-mails or guesses one address can try. Only failures count: an office of 30 people signing
//   in behind one connection, or a burst of junk refused before any credential is read, leaves
//   the right password working (issue 22). Junk has its own cheap limit, `signInFloodPerIp`
//   requests per minute counted before the body is read (limitRoute on the route).
// - Current password (PUT /api/auth/password): the same exponential delay per user.
// The counters are rows of rate_limits, shared by every API process; e-mails are stored hashed.
import type { AuthSettings } from '../../config.js';
import {
  delayAfter,
  digest,
  type RateLimitCounters,
  type ThrottleSettings,
  waitText,
} from '../../plugins/rateLimit.js';

/** The window of the flood limit (`signInFloodPerIp` requests per address). */
export const SIGN_IN_FLOOD_WINDOW_MS = 60_000;

export interface Refusal {
  waitMs: number;
  message: string;
}

export class SignInThrottle {
  private readonly delays: ThrottleSettings;

  constructor(
    private readonly counters: RateLimitCounters,
    private readonly settings: AuthSettings,
  ) {
    this.delays = {
      windowMs: settings.signInWindowMs,
      free: settings.signInFreeFailures,
      delayMs: settings.signInDelayMs,
      maxDelayMs: settings.signInMaxDelayMs,
    };
  }

  private pairKey(email: string, ip: string) {
    return `sign_in:pair:${digest(email)}:${ip}`;
  }

  private emailKey(email: string) {
    return `sign_in:email:${digest(email)}`;
  }

  private addressKey(ip: string) {
    return `sign_in:address:${ip}`;
  }

  /** Why this attempt may not be checked now, or null. */
  async refusal(email: string, ip: string): Promise<Refusal | null> {
    const address = await this.counters.read(this.addressKey(ip));
    if (address.hits >= this.settings.signInPerIp) {
      const waitMs = address.resetAt - Date.now();
      return {
        waitMs,
        message: `Muitas tentativas de entrada a partir desta conexão. Tente novamente em ${waitText(waitMs)}.`,
      };
    }
    const waitMs = await this.counters.blockedFor([this.pairKey(email, ip)]);
    if (waitMs <= 0) return null;
    return {
      waitMs,
      message: `Muitas tentativas de entrada. Tente novamente em ${waitText(waitMs)}.`,
    };
  }

  async failed(email: string, ip: string): Promise<void> {
    const { windowMs } = this.delays;
    await this.counters.hit(this.addressKey(ip), windowMs);
    const emailFailures = await this.counters.fail(this.emailKey(email), windowMs, () => 0);
    const free =
      emailFailures > this.settings.signInFailuresPerEmail
        ? this.settings.signInFreeFailuresUnderAttack
        : this.delays.free;
    await this.counters.fail(this.pairKey(email, ip), windowMs, (hits) =>
      delayAfter(hits, this.delays, free),
    );
  }

  /** The pair starts afresh; the e-mail's count stays (an attack goes on after the owner's success). */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.counters.clear(this.pairKey(email, ip));
  }

  private passwordKey(userId: number) {
    return `password:${userId}`;
  }

  async passwordRefusal(userId: number): Promise<Refusal | null> {
    const waitMs = await this.counters.blockedFor([this.passwordKey(userId)]);
    if (waitMs <= 0) return null;
    return {
      waitMs,
      message: `Muitas tentativas com a senha atual. Tente novamente em ${waitText(waitMs)}.`,
    };
  }

  async passwordFailed(userId: number): Promise<void> {
    await this.counters.fail(this.passwordKey(userId), this.delays.windowMs, (hits) =>
      delayAfter(hits, this.delays),
    );
  }

  async passwordSucceeded(userId: number): Promise<void> {
    await this.counters.clear(this.passwordKey(userId));
  }
}
