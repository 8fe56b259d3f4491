// Helpers of the member import tests: an upload as the wizard sends it (the shared multipart
// body), valid CPFs, and waiting for an import to finish.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { multipartBody } from './multipart.js';

/** The n-th valid CPF of a fixed series (check digits computed), 11 digits. */
export function cpfOf(n: number): string {
  return cpfFromBase(String(100_000_000 + n * 7919).slice(-9));
}

/** The valid CPF of these 9 digits (its two check digits computed). */
export function cpfFromBase(base: string): string {
  const digit = (digits: string, length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base, 9);
  const second = digit(`${base}${first}`, 10);
  return `${base}${first}${second}`;
}

/** 52998224725 -> 529.982.247-25 */
export const formatCpf = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

export interface UploadFields {
  dry_run?: boolean;
  duplicate_action?: 'skip' | 'update' | 'create';
  choices?: Record<number, string>;
  mapping?: Record<string, string>;
  lookups?: Record<string, Record<string, number | 'create'>>;
  congregation_id?: number;
}

/** The upload's fields as the wizard sends them: text, objects as JSON. */
export function uploadFields(fields: UploadFields = {}): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    text[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return text;
}

export async function upload(
  app: FastifyInstance,
  session: object,
  file: Buffer | Uint8Array,
  fields: UploadFields = {},
  fileName?: string,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(
    { data: Buffer.from(file), name: fileName ?? 'membros.csv' },
    uploadFields(fields),
  );
  return app.inject({
    method: 'POST',
    url: '/api/imports/members',
    headers: { ...(session as Record<string, string>), ...headers },
    payload,
  });
}

/** Polls GET /api/imports/:id until the import is no longer running. */
export async function waitForImport(
  app: FastifyInstance,
  session: object,
  id: number,
  query = '',
): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await app.inject({
      url: `/api/imports/${id}${query}`,
      headers: session as Record<string, string>,
    });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    const body = response.json() as Record<string, unknown>;
    if (body.status !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('import still running');
}

/** A CSV text from rows of cells, joined by `delimiter`, cells with it quoted. */
export function csvText(rows: string[][], delimiter = ';'): string {
  return rows
    .map((cells) =>
      cells
        .map((cell) =>
          cell.includes(delimiter) || cell.includes('"') || cell.includes('\n')
            ? `"${cell.replace(/"/g, '""')}"`
            : cell,
        )
        .join(delimiter),
    )
    .join('\r\n');
}
