// The finance calls that are not plain simple-rest: paying, undoing a payment, transfers,
// batches of offerings, the statement, list totals, CSV, receipts and the dashboard. Same
// session headers and camelCase conversion as the data provider.
import { HttpError } from 'react-admin';
import { camelCaseKeys, snakeCaseKeys, toSnakeKey } from '../../providers/case';
import { API_URL, httpClient } from '../../providers/httpClient';
import { saveSessionFromHeaders, sessionHeaders } from '../../providers/session';
import type { FinanceOverview, PayableSummary, StatementPage, TransactionSummary } from './types';

type Filter = Record<string, unknown>;

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const { json } = await httpClient(`${API_URL}/${path}`, init);
  return camelCaseKeys<T>(json);
}

const post = <T>(path: string, body?: object) =>
  call<T>(path, { method: 'POST', body: JSON.stringify(snakeCaseKeys(body ?? {})) });

const listQuery = (params: {
  filter?: Filter;
  sort?: { field: string; order: string };
  range?: [number, number];
}) => {
  const query = new URLSearchParams();
  if (params.filter) query.set('filter', JSON.stringify(snakeCaseKeys(params.filter)));
  if (params.sort)
    query.set('sort', JSON.stringify([toSnakeKey(params.sort.field), params.sort.order]));
  if (params.range) query.set('range', JSON.stringify(params.range));
  return query.toString();
};

/** A file the API answers (CSV, receipt): fetched with the session headers, as a Blob. */
async function fetchFile(path: string): Promise<Blob> {
  const response = await fetch(`${API_URL}/${path}`, { headers: sessionHeaders() });
  saveSessionFromHeaders(response.headers);
  if (!response.ok) {
    let message = response.statusText || `Erro ${response.status}`;
    try {
      const body = (await response.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON
    }
    throw new HttpError(message, response.status);
  }
  return response.blob();
}

/** Offers a Blob as a file download. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const financeApi = {
  overview: (month?: string) =>
    call<FinanceOverview>(`finance/overview${month ? `?month=${encodeURIComponent(month)}` : ''}`),
  pay: (id: number, data: { paidOn: string; bankAccountId: number; amountCents?: number | null }) =>
    post<Record<string, unknown>>(`accounts_payable/${id}/pay`, data),
  unpay: (id: number) => post<Record<string, unknown>>(`accounts_payable/${id}/unpay`),
  payablesSummary: (filter: Filter) =>
    call<PayableSummary>(`accounts_payable/summary?${listQuery({ filter })}`),
  transactionsSummary: (filter: Filter) =>
    call<TransactionSummary>(`transactions/summary?${listQuery({ filter })}`),
  createMovement: (data: Record<string, unknown>) =>
    post<Record<string, unknown>>('transactions', data),
  incomesBatch: (data: Record<string, unknown>) => post<unknown[]>('incomes/batch', data),
  setAccountActive: (id: number, active: boolean) =>
    post<Record<string, unknown>>(`bank_accounts/${id}/${active ? 'activate' : 'deactivate'}`),
  async statement(
    id: number,
    params: { filter: Filter; range: [number, number] },
  ): Promise<StatementPage> {
    const { json, headers } = await httpClient(
      `${API_URL}/bank_accounts/${id}/statement?${listQuery(params)}`,
    );
    const total = Number(headers.get('Content-Range')?.split('/').pop() ?? 0);
    return { rows: camelCaseKeys(json), total };
  },
  async exportTransactions(params: { filter: Filter; sort: { field: string; order: string } }) {
    return fetchFile(`transactions/export?${listQuery(params)}`);
  },
  uploadReceipt: (expenseId: number, file: File) =>
    call<{ fileName: string; contentType: string; size: number }>(`expenses/${expenseId}/receipt`, {
      method: 'PUT',
      body: file,
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        'X-File-Name': encodeURIComponent(file.name),
      },
    }),
  deleteReceipt: (expenseId: number) => call(`expenses/${expenseId}/receipt`, { method: 'DELETE' }),
  receipt: (expenseId: number) => fetchFile(`expenses/${expenseId}/receipt`),
};
