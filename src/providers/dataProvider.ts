// ra-data-simple-rest on our httpClient, with screen names mapped to API names and keys
// converted: camelCase in the app, snake_case on the wire (SPEC §3, DESIGN §4).
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { camelCaseKeys, snakeCaseKeys, toSnakeKey } from './case';
import { resourceByName } from '../../domain/resources';
import { API_URL, httpClient } from './httpClient';

const rest = simpleRestProvider(API_URL, httpClient as never);

const apiName = (resource: string) => resourceByName(resource)?.api ?? resource;

type Params = Record<string, unknown> & {
  sort?: { field: string; order: string };
  filter?: unknown;
  data?: unknown;
  previousData?: unknown;
};

function toApiParams<P>(params: P): P {
  const value = params as Params;
  return {
    ...value,
    ...(value.sort ? { sort: { ...value.sort, field: toSnakeKey(value.sort.field) } } : {}),
    ...(value.filter ? { filter: snakeCaseKeys(value.filter) } : {}),
    ...(value.data ? { data: snakeCaseKeys(value.data) } : {}),
    ...(value.previousData ? { previousData: snakeCaseKeys(value.previousData) } : {}),
    ...(typeof value.target === 'string' ? { target: toSnakeKey(value.target) } : {}),
  } as P;
}

/** Field errors of a 4xx body (`{errors: {field: message}}`) keyed as the form's camelCase fields. */
function withFormErrors(error: unknown): unknown {
  const body = (error as { body?: { errors?: unknown } })?.body;
  if (body && body.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)) {
    body.errors = camelCaseKeys(body.errors);
  }
  return error;
}

function wrap<K extends keyof DataProvider>(method: K) {
  return async (resource: string, params: unknown) => {
    const call = rest[method] as (resource: string, params: unknown) => Promise<unknown>;
    try {
      return camelCaseKeys(await call(apiName(resource), toApiParams(params)));
    } catch (error) {
      throw withFormErrors(error);
    }
  };
}

async function getJson<T>(path: string, init?: RequestInit): Promise<T> {
  const { json } = await httpClient(`${API_URL}/${path}`, init);
  return camelCaseKeys<T>(json);
}

const isSingleton = (resource: string) => resourceByName(resource)?.singleton === true;

/** A singleton (e.g. the church) is read and written at /api/<api>, without an id. */
async function getOne(resource: string, params: { id: Identifier }) {
  if (!isSingleton(resource)) return wrap('getOne')(resource, params);
  return { data: await getJson<RaRecord>(apiName(resource)) };
}

async function update(resource: string, params: { id: Identifier; data: unknown }) {
  if (!isSingleton(resource)) return wrap('update')(resource, params);
  try {
    const body = JSON.stringify(snakeCaseKeys(params.data));
    return { data: await getJson<RaRecord>(apiName(resource), { method: 'PUT', body }) };
  } catch (error) {
    throw withFormErrors(error);
  }
}

/** One action on many members at once (POST /api/members/bulk). */
export type MemberBulkAction =
  | { ids: Identifier[]; action: 'set_status'; status: string }
  | { ids: Identifier[]; action: 'add_department'; departmentId: Identifier };

export interface ListQuery {
  filter: Record<string, unknown>;
  sort: { field: string; order: string };
}

/** The filtered members list as CSV (GET /api/members/export), with the session headers. */
async function exportMembersCsv({ filter, sort }: ListQuery): Promise<Blob> {
  const query = new URLSearchParams({
    filter: JSON.stringify(snakeCaseKeys(filter)),
    sort: JSON.stringify([toSnakeKey(sort.field), sort.order]),
  });
  const { body } = await httpClient(`${API_URL}/${apiName('membros')}/export?${query}`, {
    headers: { Accept: 'text/csv' },
  });
  // response.text() drops the byte order mark; spreadsheet programs need it to read UTF-8.
  return new Blob(['\ufeff', body], { type: 'text/csv;charset=utf-8' });
}

export const dataProvider = {
  getList: wrap('getList'),
  getOne,
  getMany: wrap('getMany'),
  getManyReference: wrap('getManyReference'),
  create: wrap('create'),
  update,
  updateMany: wrap('updateMany'),
  delete: wrap('delete'),
  deleteMany: wrap('deleteMany'),
  /** Figures of /visao_geral. */
  getDashboard: () => getJson<Record<string, unknown>>('dashboard'),
  bulkUpdateMembers: (body: MemberBulkAction) =>
    getJson<{ updated: number }>(`${apiName('membros')}/bulk`, {
      method: 'POST',
      body: JSON.stringify(snakeCaseKeys(body)),
    }),
  exportMembersCsv,
  /** The church's public face: name and logo. */
  getPublicChurch: () => getJson<{ name: string; logo: string | null }>('public/church'),
  changePassword: (data: {
    currentPassword: string;
    password: string;
    passwordConfirmation: string;
  }) =>
    getJson<{ message: string }>('auth/password', {
      method: 'PUT',
      body: JSON.stringify(snakeCaseKeys(data)),
    }),
} as DataProvider & {
  getDashboard(): Promise<Record<string, unknown>>;
  bulkUpdateMembers(body: MemberBulkAction): Promise<{ updated: number }>;
  exportMembersCsv(query: ListQuery): Promise<Blob>;
  getPublicChurch(): Promise<{ name: string; logo: string | null }>;
  changePassword(data: {
    currentPassword: string;
    password: string;
    passwordConfirmation: string;
  }): Promise<{ message: string }>;
};

export type AppDataProvider = typeof dataProvider;
