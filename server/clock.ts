// A test run may pin the app's clock: ADAM_NOW=2026-02-28T22:00:00-03:00 makes every "today" of
// the server (and of the test process that loads this) start from that instant and run on from
// there. Honoured only under NODE_ENV=test: a church's server always reads the real time.
import { setClock } from '../domain/dates.js';

/** The pinned instant of `env`, or null; throws on a value that is not an instant. */
export function pinnedInstant(env: NodeJS.ProcessEnv = process.env): Date | null {
  const value = env.ADAM_NOW;
  if (!value) return null;
  if (env.NODE_ENV !== 'test') {
    console.warn('ADAM_NOW ignorado: só vale nos testes (NODE_ENV=test).');
    return null;
  }
  const instant = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(instant.getTime())) {
    throw new Error(`ADAM_NOW inválido: ${value} (use, por exemplo, 2026-02-28T22:00:00-03:00).`);
  }
  return instant;
}

/** Sets the app's clock from ADAM_NOW (tests only); returns the pinned instant, if any. */
export function installClock(env: NodeJS.ProcessEnv = process.env): Date | null {
  const instant = pinnedInstant(env);
  setClock(instant);
  return instant;
}
