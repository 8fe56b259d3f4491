// Uploaded files are read in a worker thread (parseWorker.ts), one per file, with its own heap
// limit and a time limit for each step: a file that would exhaust the memory or hold the CPU
// ends its worker with a Portuguese 413, and the server's own thread (the one /api/health and
// every other request need) only passes bytes along. At most two workers run at once; another
// upload waits its turn.
import { Worker } from 'node:worker_threads';
import { ApiError } from '../plugins/errors.js';
import type { OfxStatement } from './ofx.js';
import type { WorkerReply, WorkerRequest, WorkerTask } from './parseWorker.js';
import type { XlsxRow } from './xlsx.js';

export const workerLimits = {
  /** The worker's heap in MB: its reader keeps less (xlsx.ts's limits), this is the backstop. */
  heapMb: 96,
  /** The longest a step (reading the whole file, or one batch of rows) may take. */
  stepMs: 30_000,
};
/** A worker nobody asked anything of for this long is ended (an import that stopped reading). */
const IDLE_MS = 15_000;
const MAX_WORKERS = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function acquire(): Promise<void> {
  if (running < MAX_WORKERS) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** The worker's module: the compiled one beside the server's bundle, or the source under tsx. */
function workerEntry(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return { url: new URL('./parseWorker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
  }
  return { url: new URL('./parseWorker.mjs', import.meta.url), execArgv: [] };
}

export const TOO_SLOW =
  'O arquivo demorou demais para ser lido: confira se é o arquivo certo, ou divida-o em partes.';
export const TOO_MUCH_MEMORY =
  'O arquivo é grande demais para ser lido (memória): confira se é o arquivo certo, ou divida-o em partes.';

export class FileWorker {
  private readonly worker: Worker;
  private pending: {
    resolve: (value: unknown) => void;
    reject: (error: Error) => void;
  } | null = null;
  private failure: Error | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(task: WorkerTask) {
    const { url, execArgv } = workerEntry();
    this.worker = new Worker(url, {
      workerData: task,
      execArgv,
      resourceLimits: {
        maxOldGenerationSizeMb: workerLimits.heapMb,
        maxYoungGenerationSizeMb: 16,
        stackSizeMb: 4,
      },
      stdout: false,
      stderr: false,
    });
    this.worker.on('message', (reply: WorkerReply) => {
      const pending = this.pending;
      this.pending = null;
      this.idle();
      if (!pending) return;
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new ApiError(reply.status, reply.message));
    });
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ApiError(413, TOO_MUCH_MEMORY) : error,
      );
    });
    this.worker.on('exit', () => this.fail(new Error('The file worker ended unexpectedly.')));
    this.idle();
  }

  /** A worker for `task`, once one of the two places is free. */
  static async start(task: WorkerTask): Promise<FileWorker> {
    await acquire();
    try {
      return new FileWorker(task);
    } catch (error) {
      release();
      throw error;
    }
  }

  /** The file's next bytes (copied to the worker). */
  send(bytes: Buffer) {
    if (this.failure) throw this.failure;
    this.idle();
    this.worker.postMessage({ type: 'chunk', bytes } satisfies WorkerRequest);
  }

  /** One step: its answer, or the worker's refusal (a 4xx), or a 413 past the time limit. */
  request<T>(message: WorkerRequest): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.pending = { resolve: resolve as (value: unknown) => void, reject };
      this.setTimer(workerLimits.stepMs, () => this.fail(new ApiError(413, TOO_SLOW)));
      this.worker.postMessage(message);
    });
  }

  /** Ends the worker (its memory freed at once) and frees its place. */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.failure ??= new Error('The file worker was closed.');
    if (this.timer) clearTimeout(this.timer);
    void this.worker.terminate();
    release();
  }

  private idle() {
    this.setTimer(IDLE_MS, () => this.close());
  }

  private setTimer(ms: number, then: () => void) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(then, ms);
    this.timer.unref();
  }

  private fail(error: Error) {
    if (!this.failure) this.failure = error;
    const pending = this.pending;
    this.pending = null;
    pending?.reject(this.failure);
    this.close();
  }
}

/** A new worker given the whole file (it holds the bytes, not this thread). */
async function workerWith(task: WorkerTask, source: AsyncIterable<Buffer>): Promise<FileWorker> {
  const worker = await FileWorker.start(task);
  try {
    for await (const chunk of source) worker.send(chunk);
    return worker;
  } catch (error) {
    worker.close();
    throw error;
  }
}

/** The statements of an uploaded OFX file (ofx.ts's parseOfx, in a worker). */
export async function readOfxUpload(source: AsyncIterable<Buffer>): Promise<OfxStatement[]> {
  const worker = await workerWith('ofx', source);
  try {
    return await worker.request<OfxStatement[]>({ type: 'end' });
  } finally {
    worker.close();
  }
}

/**
 * An uploaded .xlsx opened in a worker (xlsx.ts's openWorkbook): its first sheet's rows that hold
 * something, in batches; the worker ends when the rows do, when reading fails or is abandoned.
 */
export async function readXlsxUpload(
  source: AsyncIterable<Buffer>,
): Promise<AsyncGenerator<XlsxRow>> {
  const worker = await workerWith('xlsx', source);
  try {
    await worker.request<null>({ type: 'end' });
  } catch (error) {
    worker.close();
    throw error;
  }
  return (async function* () {
    try {
      for (;;) {
        const rows = await worker.request<XlsxRow[]>({ type: 'next' });
        if (rows.length === 0) return;
        yield* rows;
      }
    } finally {
      worker.close();
    }
  })();
}
