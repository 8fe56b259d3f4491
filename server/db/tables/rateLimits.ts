// Rate-limit counters (server/plugins/rateLimit.ts): one row per limited key.
import type { Selectable } from 'kysely';

export interface RateLimitsTable {
  /** Bounded in length: long keys are replaced by their hash. */
  key: string;
  hits: number;
  /** Milliseconds since the epoch when the window ends and the row may be purged. */
  reset_at: number;
  /** Milliseconds since the epoch before which the key may not try again (0: free). */
  blocked_until: number;
}
export type RateLimitRow = Selectable<RateLimitsTable>;
