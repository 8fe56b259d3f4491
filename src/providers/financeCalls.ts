// The finance calls that are not plain simple-rest: paying and undoing a payment, transfers,
// the offering counts' closing, adjustment, deposit and termo, the statement, list totals, the CSV, receipts and the overview.
import type { StatementImport, StatementLineSummary } from './statementTypes';
import type {
  BudgetGrid,
  FinanceOverview,
  FinancePeriod,
  PayableSummary,
  StatementPage,
  TransactionSummary,
} from './financeTypes';
import { camelCaseKeys } from './case';
import {
  type Filter,
  type Sort,
  getCsv,
  getFile,
  getJson,
  listQuery,
  postJson,
  putJson,
} from './calls';
import { API_URL, httpClient } from './httpClient';

type Answer = Record<string, unknown>;

export interface ReceiptInfo {
  fileName: string;
  contentType: string;
  size: number;
}

export interface PixQuery {
  bankAccountId: number;
  purpose: string;
  amountCents?: number | null;
}

const pixParams = ({ bankAccountId, purpose, amountCents }: PixQuery) =>
  new URLSearchParams({
    bank_account_id: String(bankAccountId),
    purpose,
    ...(amountCents ? { amount_cents: String(amountCents) } : {}),
  }).toString();

export const financeCalls = {
  /** The months closed or reopened, the latest first, with their history (issue 27). */
  financePeriods: () => getJson<FinancePeriod[]>('finance/periods'),
  /** Closes a month after the conselho fiscal's approval (admin). */
  closePeriod: (month: string, data: { approvedOn: string; approvers: string; opinion: string }) =>
    postJson<FinancePeriod>(`finance/periods/${month}/close`, data),
  /** Reopens a closed month (admin), saying why. */
  reopenPeriod: (month: string, data: { reason: string }) =>
    postJson<FinancePeriod>(`finance/periods/${month}/reopen`, data),
  /**
   * The month's prestação de contas (PDF) for a congregation, a sede with the congregations below
   * it, or the whole view (no congregation).
   */
  monthlyPackPdf: (month: string, scope: { congregationId?: number; includeSubtree?: boolean }) =>
    getFile(
      `reports/finance/monthly_pack?${new URLSearchParams({
        month,
        format: 'pdf',
        ...(scope.congregationId === undefined
          ? {}
          : { congregation_id: String(scope.congregationId) }),
        ...(scope.congregationId !== undefined && scope.includeSubtree
          ? { include_subtree: 'true' }
          : {}),
      }).toString()}`,
    ),
  /** A congregation's orçamento anual: one line of twelve months per category (issue 27). */
  budget: (congregationId: number, year: number) =>
    getJson<BudgetGrid>(`budgets?congregation_id=${congregationId}&year=${year}`),
  /** Saves the whole year of a congregation's budget. */
  saveBudget: (grid: BudgetGrid) => putJson<BudgetGrid>('budgets', grid),
  /** Figures of /financeiro/visao-geral for a month (`YYYY-MM`; the current one if omitted). */
  financeOverview: (month?: string) =>
    getJson<FinanceOverview>(
      `finance/overview${month ? `?month=${encodeURIComponent(month)}` : ''}`,
    ),
  payPayable: (
    id: number,
    data: { paidOn: string; bankAccountId: number; amountCents?: number | null },
  ) => postJson<Answer>(`accounts_payable/${id}/pay`, data),
  unpayPayable: (id: number) => postJson<Answer>(`accounts_payable/${id}/unpay`),
  /** Receives a cell's or an EBD class's offering: its income written and linked (issue 26). */
  receivePendingOffering: (
    id: number,
    data: { bankAccountId: number; categoryId?: number | null; date?: string | null },
  ) => postJson<Answer>(`pending_offerings/${id}/receive`, data),
  payablesSummary: (filter: Filter) =>
    getJson<PayableSummary>(`accounts_payable/summary?${listQuery({ filter })}`),
  transactionsSummary: (filter: Filter) =>
    getJson<TransactionSummary>(`transactions/summary?${listQuery({ filter })}`),
  /** A movement: adjustment or transfer between accounts (POST /api/transactions). */
  createMovement: (data: Answer) => postJson<Answer>('transactions', data),
  /** Closes a count of a culto's offering: the counters confirmed it; its incomes are written. */
  closeOfferingCount: (id: number) =>
    postJson<Answer>(`offering_counts/${id}/close`, { confirmed: true }),
  /** Opens the adjusting count of a closed one (its lines: the difference). */
  adjustOfferingCount: (id: number) => postJson<Answer>(`offering_counts/${id}/adjust`),
  depositOfferingCount: (
    id: number,
    data: { depositedCents: number; depositedOn: string; bankAccountId?: number | null },
  ) => postJson<Answer>(`offering_counts/${id}/deposit`, data),
  /** The termo de contagem (PDF), named by the API. */
  offeringCountPdf: (id: number) => getFile(`offering_counts/${id}/pdf`),
  /** A donor's annual statement of gifts (PDF) and every donor's of a year (issue 25). */
  donorStatement: (donorId: number, year: number) =>
    getFile(`donors/${donorId}/statement?year=${year}`),
  donorStatements: (year: number) => getFile(`donors/statements?year=${year}`),
  /** A bank account's Pix key, its kind, the receiver's name and city (issue 25). */
  setBankAccountPix: (id: number, data: Answer) => putJson<Answer>(`bank_accounts/${id}/pix`, data),
  /** The static Pix code of an account for a purpose: the copia e cola text and its QR (SVG). */
  pixCode: (query: PixQuery) =>
    getJson<{ payload: string; svg: string }>(`pix?${pixParams(query)}`),
  pixPoster: (query: PixQuery) => getFile(`pix/poster?${pixParams(query)}`),
  setBankAccountActive: (id: number, active: boolean) =>
    postJson<Answer>(`bank_accounts/${id}/${active ? 'activate' : 'deactivate'}`),
  async bankStatement(
    id: number,
    params: { filter: Filter; range: [number, number] },
  ): Promise<StatementPage> {
    const { json, headers } = await httpClient(
      `${API_URL}/bank_accounts/${id}/statement?${listQuery(params)}`,
    );
    const total = Number(headers.get('Content-Range')?.split('/').pop() ?? 0);
    return { rows: camelCaseKeys(json), total };
  },
  exportTransactionsCsv: (params: { filter: Filter; sort: Sort }) =>
    getCsv(`transactions/export?${listQuery(params)}`),
  /**
   * The accountant's file (issue 27): the journal entries of a period, both days included, in a
   * congregation (with those below it) when the screen is filtered to one.
   */
  accountingCsv: (
    from: string,
    to: string,
    congregation: { congregationId?: number; includeSubtree?: boolean } = {},
  ) => {
    const params = new URLSearchParams({ from, to });
    if (congregation.congregationId !== undefined) {
      params.set('congregation_id', String(congregation.congregationId));
      if (congregation.includeSubtree) params.set('include_subtree', 'true');
    }
    return getCsv(`exports/accounting.csv?${params}`);
  },
  uploadReceipt: (expenseId: number, file: File) =>
    getJson<ReceiptInfo>(`expenses/${expenseId}/receipt`, {
      method: 'PUT',
      body: file,
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        'X-File-Name': encodeURIComponent(file.name),
      },
    }),
  deleteReceipt: (expenseId: number) =>
    getJson<{ success: boolean }>(`expenses/${expenseId}/receipt`, { method: 'DELETE' }),
  getReceipt: (expenseId: number) => getFile(`expenses/${expenseId}/receipt`),
  /** The receipt (recibo) of an income with a donor: numbered on the first print (issue 25). */
  incomeReceipt: (incomeId: number) => getFile(`incomes/${incomeId}/receipt`),
  /** The receipts of a day's incomes with a donor, in the view, one PDF. */
  dayReceipts: (date: string) => getFile(`incomes/receipts?date=${encodeURIComponent(date)}`),
  /**
   * An OFX file imported on an account (issue 14): its new and already-known lines. A file of
   * several accounts is refused (409, the accounts in the error's body) until `statement` names one.
   */
  importStatement: (accountId: number, file: File, statement?: number) => {
    const body = new FormData();
    if (statement !== undefined) body.append('statement', String(statement));
    body.append('file', file, file.name);
    return getJson<StatementImport>(`bank_accounts/${accountId}/statements`, {
      method: 'POST',
      body,
    });
  },
  statementSummary: (accountId: number) =>
    getJson<StatementLineSummary>(
      `statement_lines/summary?${listQuery({ filter: { bankAccountId: accountId } })}`,
    ),
  /** One of {transactionId}, {payableId, bankAccountId}, {create: {...}} or {ignore: true}. */
  reconcileLine: (id: number, body: Answer) =>
    postJson<Answer>(`statement_lines/${id}/reconcile`, body),
  undoLine: (id: number) => postJson<Answer>(`statement_lines/${id}/undo`),
};
