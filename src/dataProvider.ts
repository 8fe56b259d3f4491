// ra-data-simple-rest on our httpClient, with screen names mapped to API names and keys
// converted: camelCase in the app, snake_case on the wire (SPEC §3, DESIGN §4).
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { camelCaseKeys, snakeCaseKeys, toSnakeKey } from './domain/case';
import { resourceByName } from './domain/resources';
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

export const dataProvider = {
  getList: wrap('getList'),
  getOne: wrap('getOne'),
  getMany: wrap('getMany'),
  getManyReference: wrap('getManyReference'),
  create: wrap('create'),
  update: wrap('update'),
  updateMany: wrap('updateMany'),
  delete: wrap('delete'),
  deleteMany: wrap('deleteMany'),
  /** Figures of /visao_geral. */
  getDashboard: () => getJson<Record<string, unknown>>('dashboard'),
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
  getPublicChurch(): Promise<{ name: string; logo: string | null }>;
  changePassword(data: {
    currentPassword: string;
    password: string;
    passwordConfirmation: string;
  }): Promise<{ message: string }>;
};

export type AppDataProvider = typeof dataProvider;
