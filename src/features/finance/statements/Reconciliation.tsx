// /financeiro/conciliacao?conta=ID: an account's bank statement lines, each with the movement
// (or open payable) it seems to be — accept it, choose another, make an income or expense of it,
// or ignore it — by status, and the bank's balance against Adam's (issue 14).
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Pagination,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Title,
  useDataProvider,
  useGetList,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction, withoutSessionEnd } from '../../../providers/useAction';
import { useCanWrite } from '../../../routing/useCanWrite';
import { Money } from '../../../ui/Money';
import type { BankAccount } from '../bankAccounts/types';
import { ImportStatementButton } from './ImportStatementButton';
import { ChooseMovementDialog, CreateFromLineDialog } from './LineDialogs';
import type { StatementLine, StatementLineSummary } from '../../../providers/statementTypes';

const RESOURCE = 'financeiro/conciliacao';
const PER_PAGE = 25;
const STATUSES = ['pending', 'reconciled', 'ignored'] as const;
type Status = (typeof STATUSES)[number];

function BalanceCard({ summary }: { summary: StatementLineSummary | undefined }) {
  const translate = useTranslate();
  if (!summary) return null;
  if (summary.bankBalanceCents === null || summary.bankBalanceDate === null) {
    return <Alert severity="info">{translate('adam.finance.statements.no_bank_balance')}</Alert>;
  }
  const agree = summary.differenceCents === 0;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('adam.finance.statements.balances_on', {
            date: formatDate(summary.bankBalanceDate),
          })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ mt: 1 }}>
          <div>
            <Typography variant="body2" color="textSecondary">
              {translate('adam.finance.statements.bank_balance')}
            </Typography>
            <Typography variant="h5" component="p" data-testid="bank-balance">
              <Money cents={summary.bankBalanceCents} signed />
            </Typography>
          </div>
          <div>
            <Typography variant="body2" color="textSecondary">
              {translate('adam.finance.statements.adam_balance')}
            </Typography>
            <Typography variant="h5" component="p" data-testid="adam-balance">
              <Money cents={summary.adamBalanceCents ?? 0} signed />
            </Typography>
          </div>
          <div>
            <Typography variant="body2" color="textSecondary">
              {translate('adam.finance.statements.difference')}
            </Typography>
            <Typography variant="h5" component="p" data-testid="balance-difference">
              {/* Not green or red: a difference either way is something to look at. */}
              <Money cents={summary.differenceCents ?? 0} />
            </Typography>
          </div>
        </Stack>
        <Alert severity={agree ? 'success' : 'warning'} sx={{ mt: 2 }}>
          {translate(
            agree
              ? 'adam.finance.statements.balances_agree'
              : 'adam.finance.statements.balances_differ',
          )}
        </Alert>
      </CardContent>
    </Card>
  );
}

function suggestionText(line: StatementLine, translate: ReturnType<typeof useTranslate>) {
  const suggestion = line.suggestion;
  if (!suggestion) return translate('adam.finance.statements.no_suggestion');
  return translate(
    suggestion.type === 'payable'
      ? 'adam.finance.statements.suggested_payable'
      : 'adam.finance.statements.suggested_movement',
    {
      description: suggestion.description,
      date: formatDate(suggestion.date),
      days:
        suggestion.days === 0
          ? translate('adam.finance.statements.same_day')
          : translate('adam.finance.statements.days', { smart_count: suggestion.days }),
    },
  );
}

function LineItem({ line, writable }: { line: StatementLine; writable: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const [dialog, setDialog] = useState<'choose' | 'create' | null>(null);
  const credit = line.amountCents > 0;
  const act = async (body: Record<string, unknown>, message: string) => {
    const done = await run(() => dataProvider.reconcileLine(line.id, body));
    if (!done) return false;
    notify(message, { type: 'info' });
    setDialog(null);
    refresh();
    return true;
  };
  const undo = async () => {
    if (!(await run(() => dataProvider.undoLine(line.id)))) return;
    notify('adam.finance.statements.undone', { type: 'info' });
    refresh();
  };
  const accept = () => {
    const suggestion = line.suggestion!;
    return act(
      suggestion.type === 'payable'
        ? { payableId: suggestion.id, bankAccountId: line.bankAccountId }
        : { transactionId: suggestion.id },
      'adam.finance.statements.reconciled',
    );
  };
  const describedBy = `linha-${line.id}-descricao`;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none' }}
      data-testid="statement-line"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 2 }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="textSecondary">
            {formatDate(line.date)}
          </Typography>
          <Typography id={describedBy} sx={{ overflowWrap: 'anywhere' }}>
            {line.description}
          </Typography>
        </Box>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          <Money cents={line.amountCents} signed />
        </Typography>
      </Stack>
      {line.status === 'pending' && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {suggestionText(line, translate)}
        </Typography>
      )}
      {line.status === 'reconciled' && line.transaction && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate(
            line.reconciledHow === 'created'
              ? 'adam.finance.statements.created_as'
              : line.reconciledHow === 'payable'
                ? 'adam.finance.statements.paid_as'
                : 'adam.finance.statements.matched_with',
            { description: line.transaction.description, date: formatDate(line.transaction.date) },
          )}
        </Typography>
      )}
      {writable && (
        <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
          {line.status === 'pending' ? (
            <>
              {line.suggestion && (
                <Button
                  variant="contained"
                  size="small"
                  onClick={accept}
                  disabled={busy}
                  aria-describedby={describedBy}
                >
                  {translate('adam.finance.statements.accept')}
                </Button>
              )}
              <Button
                size="small"
                variant="outlined"
                onClick={() => setDialog('choose')}
                disabled={busy}
                aria-describedby={describedBy}
              >
                {translate('adam.finance.statements.choose')}
              </Button>
              <Button
                size="small"
                variant="outlined"
                onClick={() => setDialog('create')}
                disabled={busy}
                aria-describedby={describedBy}
              >
                {translate(
                  credit
                    ? 'adam.finance.statements.create_income'
                    : 'adam.finance.statements.create_expense',
                )}
              </Button>
              <Button
                size="small"
                color="inherit"
                onClick={() => act({ ignore: true }, 'adam.finance.statements.ignored_done')}
                disabled={busy}
                aria-describedby={describedBy}
              >
                {translate('adam.finance.statements.ignore')}
              </Button>
            </>
          ) : (
            <Button
              size="small"
              variant="outlined"
              onClick={undo}
              disabled={busy}
              aria-describedby={describedBy}
            >
              {translate('adam.finance.statements.undo')}
            </Button>
          )}
        </Stack>
      )}
      {dialog === 'choose' && (
        <ChooseMovementDialog
          line={line}
          busy={busy}
          onClose={() => setDialog(null)}
          onChoose={(transactionId) => act({ transactionId }, 'adam.finance.statements.reconciled')}
        />
      )}
      {dialog === 'create' && (
        <CreateFromLineDialog
          line={line}
          busy={busy}
          onClose={() => setDialog(null)}
          onCreate={(create) => act({ create }, 'adam.finance.statements.created')}
        />
      )}
    </Paper>
  );
}

export default function Reconciliation() {
  const translate = useTranslate();
  const writable = useCanWrite(RESOURCE);
  const dataProvider = useDataProvider<AppDataProvider>();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const accountId = Number(params.get('conta')) || null;
  const status = (STATUSES as readonly string[]).includes(params.get('situacao') ?? '')
    ? (params.get('situacao') as Status)
    : 'pending';
  const accounts = useGetList<BankAccount>('financeiro/contas-bancarias', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const choose = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setPage(1);
    setParams(next, { replace: true });
  };
  const summary = useQuery({
    queryKey: [RESOURCE, 'summary', accountId],
    queryFn: () => dataProvider.statementSummary(accountId!),
    select: withoutSessionEnd,
    enabled: accountId !== null,
  });
  const lines = useGetList<StatementLine>(
    RESOURCE,
    {
      filter: { bankAccountId: accountId, status },
      pagination: { page, perPage: PER_PAGE },
      sort: { field: 'date', order: 'ASC' },
    },
    { enabled: accountId !== null },
  );
  const counts = summary.data;
  const pages = Math.max(1, Math.ceil((lines.total ?? 0) / PER_PAGE));
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={translate('adam.finance.statements.title')} />
      <Typography variant="h5" component="h1">
        {translate('adam.finance.statements.title')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          select
          label={translate('adam.finance.account')}
          value={accountId ?? ''}
          onChange={(event) => choose({ conta: String(event.target.value) })}
          sx={{ minWidth: 260 }}
          size="small"
        >
          {(accounts.data ?? []).map((account) => (
            <MenuItem key={account.id} value={account.id}>
              {account.name}
            </MenuItem>
          ))}
        </TextField>
        {accountId !== null && writable && <ImportStatementButton accountId={accountId} />}
      </Stack>
      {accountId === null ? (
        <Alert severity="info">{translate('adam.finance.statements.choose_account')}</Alert>
      ) : (
        <>
          <BalanceCard summary={counts} />
          <ToggleButtonGroup
            exclusive
            size="small"
            value={status}
            onChange={(_event, value: Status | null) => value && choose({ situacao: value })}
            aria-label={translate('adam.finance.statements.filter_label')}
            sx={{ flexWrap: 'wrap' }}
          >
            {STATUSES.map((value) => (
              <ToggleButton key={value} value={value}>
                {translate(`adam.finance.statements.status_${value}`, {
                  count: counts ? counts[value] : '…',
                })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {lines.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {lines.data && lines.data.length === 0 && (
            <Typography color="textSecondary">
              {translate(`adam.finance.statements.empty_${status}`)}
            </Typography>
          )}
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
            {(lines.data ?? []).map((line) => (
              <LineItem key={line.id} line={line} writable={writable} />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_event, value) => setPage(value)}
              getItemAriaLabel={(type, value) =>
                translate(`adam.finance.statements.page_${type}`, { page: value ?? '' })
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}
