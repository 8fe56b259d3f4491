// One server per DATA_DIR: a second `npm start` on the same embedded database refuses to start.
// adam.pid holds the server's pid and its start time (Linux: field 22 of /proc/<pid>/stat), so a
// lock left by a process that was killed (kill -9, a crash, a power cut) is taken over even when
// the process is a zombie not yet reaped, or when its pid now belongs to another program (pids
// repeat after a container restart).
import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/** The state letter and start time of a process from /proc, or null when /proc says nothing. */
function procStat(pid: number): { state: string; startTime: string } | null | 'gone' {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No such process, or no /proc at all (macOS, Windows): let kill(0) decide.
    return code === 'ENOENT' && procAvailable() ? 'gone' : null;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses; fields follow the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], startTime: fields[19] };
}

function procAvailable(): boolean {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
}

function isNode(pid: number): boolean {
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return /(^|\/)(node|nodejs|tsx)[\d.]*$/.test(argv0);
  } catch {
    return true; // unreadable: assume it may be ours
  }
}

/** Whether the process that wrote `lock` still runs (not a zombie, not a reused pid). */
export function lockHolderRuns(pid: number, startTime: string | undefined): boolean {
  const stat = procStat(pid);
  if (stat === 'gone') return false;
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return false;
    if (startTime) return stat.startTime === startTime;
    return isNode(pid); // a lock written before start times were recorded
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process's start time as /proc records it ('' without /proc). */
function ownStartTime(): string {
  const stat = procStat(process.pid);
  return stat && stat !== 'gone' ? stat.startTime : '';
}

/** Creates the data folder readable by its owner only (0700), tightening an existing one. */
export function ensureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dataDir, 0o700);
  } catch {
    // not ours to change (a mounted volume): its owner decides
  }
}

/**
 * Takes `file` as a lock: created exclusively with this process's pid and start time, or taken
 * over when the process that wrote it has ended. Returns the function that releases it, or null
 * when a live process holds it (`holder` is its pid).
 */
export function tryLockFile(file: string): { release: () => void } | { holder: number } {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n${ownStartTime()}\n`);
      closeSync(fd);
      return { release: () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch (readError) {
        // released between the two calls: try again
        if ((readError as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw readError;
      }
      const [pidText = '', startTime] = text.split('\n');
      const pid = Number(pidText.trim());
      if (
        Number.isInteger(pid) &&
        pid > 0 &&
        pid !== process.pid &&
        lockHolderRuns(pid, startTime?.trim() || undefined)
      ) {
        return { holder: pid };
      }
      rmSync(file, { force: true }); // left behind by a process that ended abruptly
    }
  }
  throw new Error(`Não foi possível travar ${file}.`);
}

/** The data folder's lock file, held by the server (and by a restore) while it runs. */
export const LOCK_FILE = 'adam.pid';

/**
 * Takes the data folder's lock or throws a Portuguese message (`busy` words it for the caller);
 * returns the function that releases it.
 */
export function lockDataDir(
  dataDir: string,
  busy: (pid: number) => string = (pid) =>
    `O Adam já está em execução com os dados de ${dataDir} (processo ${pid}). ` +
    'Encerre-o antes de iniciar outro, ou use outro DATA_DIR.',
): () => void {
  ensureDataDir(dataDir);
  const lock = tryLockFile(join(dataDir, LOCK_FILE));
  if ('holder' in lock) throw new Error(busy(lock.holder));
  return lock.release;
}
