// Cell reports made without a connection (issue 26), kept in the browser like the check-ins
// (../offlineQueue.ts) and sent again when it returns. A report is set whole for its cell and day,
// so a report sent twice is the same report: only the latest of a cell and day is kept.
import type { CellReportBody } from '../../../providers/cellCalls';
import { isOffline, storedList } from '../offlineQueue';

export interface QueuedReport {
  cellId: number;
  body: CellReportBody;
}

const reports = storedList<QueuedReport>('adamCellReportQueue');
export const readReports = reports.read;
const writeReports = reports.write;

const same = (a: QueuedReport, b: QueuedReport) =>
  a.cellId === b.cellId && a.body.date === b.body.date;

export function enqueueReport(item: QueuedReport) {
  writeReports([...readReports().filter((queued) => !same(queued, item)), item]);
}

/** Sends the queued reports; keeps those that still find no connection. Answers how many went. */
export async function flushReports(
  send: (cellId: number, body: CellReportBody) => Promise<unknown>,
): Promise<{ sent: number; left: number }> {
  const queue = readReports();
  const kept: QueuedReport[] = [];
  let sent = 0;
  for (const item of queue) {
    try {
      await send(item.cellId, item.body);
      sent += 1;
    } catch (error) {
      if (isOffline(error)) kept.push(item);
    }
  }
  // Reports queued while this ran are kept too (a newer one of the same day replaces the sent).
  const added = readReports().slice(queue.length);
  writeReports([...kept.filter((item) => !added.some((next) => same(next, item))), ...added]);
  return { sent, left: kept.length + added.length };
}
