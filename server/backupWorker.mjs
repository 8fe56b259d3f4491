// The copy of an SQLite database, run in a worker thread (server/backup.ts starts it) so that
// neither the copy nor its check holds the server's only thread.
//
// The copy is SQLite's online backup from a connection of its own that first opens a read
// transaction: the backup then reads that one snapshot page by page while the server goes on
// writing (WAL mode lets readers and the writer work at once). Without the pinned snapshot,
// every write of another connection between two steps starts the copy over, and a copy under
// continuous writes never ends. The finished copy is switched to a single self-contained file
// (journal_mode DELETE) and opened again for PRAGMA integrity_check.
//
// workerData: { source, target }. Messages: { type: 'progress', copied, total, checking? },
// then { type: 'done', pages, problems } (problems: integrity_check's rows, ['ok'] when sound), or
// { type: 'failed', message, code } (code: SQLite's, such as SQLITE_CORRUPT or SQLITE_NOTADB).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { source, target } = workerData;

/** About fifty steps, for the progress shown; the steps' size changes nothing else. */
const stepFor = (totalPages) => Math.max(64, Math.ceil(totalPages / 50));

function fail(error) {
  parentPort.postMessage({ type: 'failed', message: error.message, code: error.code });
}

async function copyAndCheck() {
  // Not opened read-only: as the last connection to close, it removes the -wal and -shm it
  // needed (SQLite still opens a write-protected file for reading only).
  const from = new Database(source, { fileMustExist: true });
  let pages = 0;
  try {
    from.exec('BEGIN');
    // BEGIN is deferred: the first read starts the transaction and fixes its snapshot.
    from.prepare('select count(*) from sqlite_schema').get();
    const result = await from.backup(target, {
      progress({ totalPages, remainingPages }) {
        parentPort.postMessage({
          type: 'progress',
          copied: totalPages - remainingPages,
          total: totalPages,
        });
        return stepFor(totalPages);
      },
    });
    pages = result.totalPages;
    from.exec('COMMIT');
  } finally {
    from.close();
  }

  parentPort.postMessage({ type: 'progress', copied: pages, total: pages, checking: true });
  const copy = new Database(target, { fileMustExist: true });
  let problems;
  try {
    copy.pragma('journal_mode = DELETE');
    problems = copy.pragma('integrity_check').map((row) => row.integrity_check);
  } finally {
    copy.close();
  }
  return { pages, problems };
}

copyAndCheck().then((result) => parentPort.postMessage({ type: 'done', ...result }), fail);
