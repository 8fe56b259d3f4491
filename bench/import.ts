// The member import at scale (issue 14), `npm run bench -- --import [--import-rows 100000]`: a
// generated CSV of N members as Excel exports it (";" and Windows-1252, with some errors and
// repeated people), uploaded to the real server on a fresh database (SQLite, or with
// DATABASE_URL a new PostgreSQL database): the dry run's seconds, the
// import's seconds (upload to "done", polled as the wizard does), the server's peak RSS, and the
// slowest answer of GET /api/health while the import runs (the event loop stays free).
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import iconv from 'iconv-lite';
import { buildApp, buildIsStale } from '../server/build.js';
import { startServerProcess } from '../tests/support/serverProcess.js';
import { createPostgresDatabase } from '../tests/support/testApp.js';
import { BENCH_USER, DATABASE_URL, KIND, ROOT, log } from './config.js';
import { Session } from './session.js';

export const IMPORT_TARGETS = { dryRunSeconds: 30, importSeconds: 60, rssMb: 250 };

const FIRST = ['José', 'Maria', 'João', 'Ana', 'Antônio', 'Francisca', 'Carlos', 'Patrícia'];
const LAST = ['da Silva', 'Santos', 'Oliveira', 'Souza', 'Conceição', 'Araújo', 'Gonçalves'];
const CARGOS = ['Membro', 'Diácono', 'Presbítero', 'Cooperador', ''];
const STATUS = ['Ativo', 'Ativa', 'Inativo', 'Transferido', ''];
const MARITAL = ['Solteiro', 'Casada', 'Viúvo', 'Divorciada', ''];

function cpf(n: number): string {
  const base = String(100_000_000 + n).slice(-9);
  const digit = (digits: string, length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base, 9);
  const whole = `${base}${first}${digit(`${base}${first}`, 10)}`;
  return `${whole.slice(0, 3)}.${whole.slice(3, 6)}.${whole.slice(6, 9)}-${whole.slice(9)}`;
}

/** Writes the CSV: 1 row in 50 with an error, 1 in 100 repeating an earlier person. */
export async function writeMembersCsv(path: string, rows: number): Promise<number> {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(iconv.encode(text, 'win1252'))) await once(out, 'drain');
  };
  await write(
    'Nome;Data de nascimento;CPF;Celular;E-mail;Endereço;Número;Bairro;Cidade;UF;CEP;Estado civil;Cargo;Departamento(s);Situação;Data de batismo\r\n',
  );
  let lines: string[] = [];
  for (let i = 1; i <= rows; i++) {
    const n = i % 100 === 7 ? i - 37 : i; // a repeated person (same CPF)
    const name = `${FIRST[n % FIRST.length]} ${LAST[(n >> 3) % LAST.length]} ${n}`;
    const day = (n % 28) + 1;
    const month = (n % 12) + 1;
    const year = 1940 + (n % 65);
    const birth = i % 50 === 0 ? '31/02/1980' : `${day}/${month}/${year}`;
    lines.push(
      [
        name,
        birth,
        cpf(n),
        `(11) 9${String(10_000_000 + n).slice(-8)}`,
        `membro${n}@exemplo.com.br`,
        `Rua das Flores`,
        String(n % 999),
        'Centro',
        'São Paulo',
        'SP',
        '01310-100',
        MARITAL[n % MARITAL.length],
        CARGOS[n % CARGOS.length],
        '',
        STATUS[n % STATUS.length],
        n % 3 === 0 ? `${day}/${month}/${year + 20}` : '',
      ].join(';'),
    );
    if (lines.length === 1000) {
      await write(`${lines.join('\r\n')}\r\n`);
      lines = [];
    }
  }
  if (lines.length > 0) await write(`${lines.join('\r\n')}\r\n`);
  out.end();
  await once(out, 'finish');
  return statSync(path).size;
}

/** The rotated token an answer carries (devise_token_auth), for the next request. */
function keepToken(session: Session, response: Response) {
  const token = response.headers.get('access-token')?.trim();
  if (token) session.headers['access-token'] = token;
}

async function post(baseUrl: string, session: Session, file: string, dryRun: boolean) {
  const form = new FormData();
  form.append('dry_run', String(dryRun));
  form.append('duplicate_action', 'skip');
  form.append('file', await openAsBlob(file), 'membros.csv');
  const response = await fetch(`${baseUrl}/api/imports/members`, {
    method: 'POST',
    headers: session.headers,
    body: form,
  });
  keepToken(session, response);
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`import: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

export interface ImportBenchResult {
  rows: number;
  fileMb: number;
  dryRunSeconds: number;
  importSeconds: number;
  created: number;
  errors: number;
  duplicates: number;
  peakRssMb: number;
  /** The peak once the dry run has answered (reading and checking the file). */
  dryRunPeakRssMb: number;
  healthMaxMs: number;
}

export async function measureImport(rows: number): Promise<ImportBenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'adam-bench-import-'));
  const file = join(dataDir, 'membros.csv');
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  try {
    log(`Import: writing a ${rows.toLocaleString('en')}-row Windows-1252 CSV…`);
    const bytes = await writeMembersCsv(file, rows);
    if (buildIsStale(ROOT, join(ROOT, 'dist'))) buildApp(ROOT);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: BENCH_USER.email,
      ADMIN_PASSWORD: BENCH_USER.password,
      LOG: '0',
      SKIP_BUILD: '1',
      // The daily copy of the database would run during the measurement.
      BACKUP_KEEP: '0',
    };
    // PostgreSQL (DATABASE_URL): a database of its own, dropped at the end.
    if (DATABASE_URL) {
      const created = await createPostgresDatabase();
      dropDatabase = created.drop;
      env.DATABASE_URL = created.url;
    } else {
      delete env.DATABASE_URL;
    }
    server = await startServerProcess({ root: ROOT, env });
    const session = new Session(server.baseUrl);
    await session.start();

    log('Import: dry run…');
    let started = performance.now();
    const dry = await post(server.baseUrl, session, file, true);
    const dryRunSeconds = (performance.now() - started) / 1000;
    const dryRunPeakRssMb = server.memory().peakMb;

    log('Import: importing (polling the progress)…');
    let healthMaxMs = 0;
    started = performance.now();
    const accepted = await post(server.baseUrl, session, file, false);
    let status = accepted;
    while (status.status === 'running') {
      const probe = performance.now();
      await fetch(`${server.baseUrl}/api/health`);
      healthMaxMs = Math.max(healthMaxMs, performance.now() - probe);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const response = await fetch(`${server.baseUrl}/api/imports/${String(accepted.id)}?limit=1`, {
        headers: session.headers,
      });
      keepToken(session, response);
      status = (await response.json()) as Record<string, unknown>;
    }
    const importSeconds = (performance.now() - started) / 1000;
    if (status.status !== 'done')
      throw new Error(`import: ${JSON.stringify(status).slice(0, 500)}`);
    const result: ImportBenchResult = {
      rows,
      fileMb: bytes / 1024 / 1024,
      dryRunSeconds,
      importSeconds,
      created: Number(status.created_count),
      errors: Number(dry.error_rows),
      duplicates: Number(dry.duplicate_rows),
      peakRssMb: server.memory().peakMb,
      dryRunPeakRssMb,
      healthMaxMs,
    };
    log(
      `Import of ${rows.toLocaleString('en')} rows (${result.fileMb.toFixed(1)} MB, ${KIND}): ` +
        `dry run ${dryRunSeconds.toFixed(1)} s (target ≤ ${IMPORT_TARGETS.dryRunSeconds}), ` +
        `import ${importSeconds.toFixed(1)} s (target ≤ ${IMPORT_TARGETS.importSeconds}), ` +
        `peak RSS ${result.peakRssMb.toFixed(0)} MB (target ≤ ${IMPORT_TARGETS.rssMb}; ` +
        `${dryRunPeakRssMb.toFixed(0)} MB by the end of the dry run); ` +
        `${result.created.toLocaleString('en')} created, ${result.errors} rows with errors, ` +
        `${result.duplicates} duplicates; slowest /api/health during the import ${healthMaxMs.toFixed(0)} ms.`,
    );
    return result;
  } catch (error) {
    if (server) console.error(`Server output:\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    if (server) await server.stop();
    if (dropDatabase) await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
