// ra-data-simple-rest on our httpClient, with screen names mapped to API names and keys
// converted: camelCase in the app, snake_case on the wire (SPEC §3, DESIGN §4).
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { camelCaseKeys, snakeCaseKeys, toSnakeKey } from './case';
import { resourceByName } from '../../domain/resources';
import { apiName, getJson, postJson, putJson } from './calls';
import type { SetupChecklist } from '../../domain/setup';
import type { TwoFactorEnrolment } from './authProvider';

/** A user's second factor as the app reads it (domain/twoFactor.ts TwoFactorStatus). */
export interface TwoFactorState {
  enabled: boolean;
  enabledAt: string | null;
  required: boolean;
  deadline: string | null;
  recoveryCodesLeft: number;
}

export interface TwoFactorPolicyValues {
  twoFactorRequired: boolean;
  twoFactorGraceDays: number;
}
import { cellCalls } from './cellCalls';
import { churchLifeCalls } from './churchLifeCalls';
import { familyCalls } from './familyCalls';
import { financeCalls } from './financeCalls';
import { API_URL, httpClient } from './httpClient';
import { memberCalls } from './memberCalls';
import { milestoneCalls } from './milestoneCalls';
import { memberImportCalls } from './memberImportCalls';
import { messageCalls } from './messageCalls';
import { publicCalls } from './publicCalls';
import { selfUpdateCalls } from './selfUpdateCalls';
import { transferCalls } from './transferCalls';

const rest = simpleRestProvider(API_URL, httpClient as never);

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

const crud = {
  getList: wrap('getList'),
  getOne,
  getMany: wrap('getMany'),
  getManyReference: wrap('getManyReference'),
  create: wrap('create'),
  update,
  updateMany: wrap('updateMany'),
  delete: wrap('delete'),
  deleteMany: wrap('deleteMany'),
} as DataProvider;

/** A CEP's address, as GET /api/cep/:cep and /api/public/cep/:cep answer it (camelCased). */
export interface CepAddress {
  zipCode: string;
  street: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
}

/** Calls of the signed-in user that belong to no feature. */
const accountCalls = {
  /** The address of a CEP (8 digits), for the staff forms' address inputs. */
  lookupCep: (cep: string) => getJson<CepAddress>(`cep/${encodeURIComponent(cep)}`),
  /** Figures of /visao_geral. */
  getDashboard: () => getJson<Record<string, unknown>>('dashboard'),
  /** Closes the dashboard's first-run checklist for every admin (kept by the server). */
  dismissSetupChecklist: () => postJson<SetupChecklist>('church/setup_checklist/dismiss'),
  changePassword: (data: {
    currentPassword: string;
    password: string;
    passwordConfirmation: string;
  }) => putJson<{ message: string }>('auth/password', data),
  // One's own second factor (issue 22) and an admin's reset of another user's.
  getTwoFactor: () => getJson<TwoFactorState>('auth/two_factor'),
  startTwoFactor: () => postJson<TwoFactorEnrolment>('auth/two_factor'),
  confirmTwoFactor: (otpCode: string) =>
    postJson<{ recoveryCodes: string[]; status: TwoFactorState }>('auth/two_factor/confirm', {
      otpCode,
    }),
  disableTwoFactor: (data: { password: string; otpCode: string }) =>
    postJson<TwoFactorState>('auth/two_factor/disable', data),
  renewRecoveryCodes: (data: { password: string; otpCode: string }) =>
    postJson<{ recoveryCodes: string[]; status: TwoFactorState }>(
      'auth/two_factor/recovery_codes',
      data,
    ),
  resetTwoFactor: (userId: Identifier) =>
    postJson<TwoFactorState>(`users/${encodeURIComponent(String(userId))}/two_factor/reset`),
  getTwoFactorPolicy: () => getJson<TwoFactorPolicyValues>('church/two_factor'),
  saveTwoFactorPolicy: (data: TwoFactorPolicyValues) =>
    putJson<TwoFactorPolicyValues>('church/two_factor', data),
};

/**
 * The one way the app calls the API. Screens reach it through react-admin's useDataProvider(),
 * so a 401 or 403 of any call, CRUD or not, goes through authProvider.checkError.
 */
export const dataProvider = {
  ...crud,
  ...accountCalls,
  ...memberCalls,
  ...milestoneCalls,
  ...memberImportCalls,
  ...financeCalls,
  ...churchLifeCalls,
  ...cellCalls,
  ...familyCalls,
  ...publicCalls,
  ...selfUpdateCalls,
  ...transferCalls,
  ...messageCalls,
};

export type AppDataProvider = typeof dataProvider;
