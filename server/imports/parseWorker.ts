// The worker thread that reads an uploaded file (worker.ts starts it): an OFX statement or an
// .xlsx workbook, given piece by piece, read here with this thread's own heap limit, so a file
// that would take too much memory or time ends this worker and never the server.
// Messages in: {type:'chunk', bytes}, then {type:'end'} (the reply: the statements, or the
// workbook opened), then for a workbook {type:'next'} (the reply: the next rows).
// Each reply is {ok:true, value} or {ok:false, status, message} (a Portuguese 4xx).
import { parentPort, workerData } from 'node:worker_threads';
import { OfxError, OfxTooLargeError, parseOfx } from './ofx.js';
import { type Workbook, type XlsxRow, XlsxError, openWorkbook } from './xlsx.js';

export type WorkerTask = 'ofx' | 'xlsx';

export type WorkerRequest =
  { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'next' };

export type WorkerReply<T = unknown> =
  { ok: true; value: T } | { ok: false; status: 400 | 413; message: string };

/** Rows given at once: at most this many, and about this many characters. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 1024 * 1024;

const task = workerData as WorkerTask;
const port = parentPort!;
const chunks: Buffer[] = [];
let workbook: Workbook | null = null;

async function answer(request: WorkerRequest): Promise<unknown> {
  if (request.type === 'end') {
    const bytes = Buffer.concat(chunks);
    chunks.length = 0;
    if (task === 'ofx') return parseOfx(bytes);
    workbook = await openWorkbook(bytes);
    return null;
  }
  // 'next': the workbook's next rows; an empty list once the sheet has ended.
  const rows: XlsxRow[] = [];
  let chars = 0;
  while (rows.length < BATCH_ROWS && chars < BATCH_CHARS) {
    const next = await workbook!.rows.next();
    if (next.done) break;
    rows.push(next.value);
    for (const cell of next.value.cells) chars += cell.length;
  }
  return rows;
}

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'chunk') {
    chunks.push(Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.length));
    return;
  }
  answer(request).then(
    (value) => port.postMessage({ ok: true, value } satisfies WorkerReply),
    (error: unknown) => {
      if (error instanceof XlsxError) {
        port.postMessage({ ok: false, status: error.status, message: error.message });
      } else if (error instanceof OfxError) {
        const status = error instanceof OfxTooLargeError ? 413 : 400;
        port.postMessage({ ok: false, status, message: error.message });
      } else {
        // Not a refusal: the worker ends with the error, and the server logs it (a 500).
        throw error;
      }
    },
  );
});
