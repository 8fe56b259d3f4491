// What the typed methods of the data provider share: API names, JSON in and out in the app's
// camelCase, simple-rest list parameters, and files.
import { resourceByName } from '../../domain/resources';
import { camelCaseKeys, snakeCaseKeys, toSnakeKey } from './case';
import { API_URL, type HttpOptions, fetchFile, httpClient } from './httpClient';

/** The API name of a screen's resource (`membros` -> `members`). */
export const apiName = (resource: string) => resourceByName(resource)?.api ?? resource;

export async function getJson<T>(path: string, init?: HttpOptions): Promise<T> {
  const { json } = await httpClient(`${API_URL}/${path}`, init);
  return camelCaseKeys<T>(json);
}

const withBody = (method: string, body: unknown, init?: HttpOptions): HttpOptions => ({
  ...init,
  method,
  body: JSON.stringify(snakeCaseKeys(body ?? {})),
});

export const postJson = <T>(path: string, body?: unknown, init?: HttpOptions) =>
  getJson<T>(path, withBody('POST', body, init));

export const putJson = <T>(path: string, body: unknown) => getJson<T>(path, withBody('PUT', body));

export type Filter = Record<string, unknown>;
export type Sort = { field: string; order: string };

/** A list's filter, sort and range as ra-data-simple-rest sends them, in the API's names. */
export function listQuery(params: { filter?: Filter; sort?: Sort; range?: [number, number] }) {
  const query = new URLSearchParams();
  if (params.filter) query.set('filter', JSON.stringify(snakeCaseKeys(params.filter)));
  if (params.sort)
    query.set('sort', JSON.stringify([toSnakeKey(params.sort.field), params.sort.order]));
  if (params.range) query.set('range', JSON.stringify(params.range));
  return query.toString();
}

export const getFile = (path: string) => fetchFile(`${API_URL}/${path}`);

const BOM = [0xef, 0xbb, 0xbf];

/** A CSV the API answers, starting with the UTF-8 byte order mark spreadsheet programs need. */
export async function getCsv(path: string): Promise<Blob> {
  const file = await fetchFile(`${API_URL}/${path}`, { headers: { Accept: 'text/csv' } });
  const start = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  const marked = BOM.every((byte, i) => start[i] === byte);
  if (marked) return file;
  const parts = [new Uint8Array(BOM), file];
  return file instanceof File
    ? new File(parts, file.name, { type: file.type })
    : new Blob(parts, { type: file.type });
}
