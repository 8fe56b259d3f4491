// The count's acts beyond editing: closing (the counters confirm, the incomes are written),
// opening the adjusting count of a closed one, and recording the deposit.
import LockIcon from '@mui/icons-material/Lock';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import {
  Alert,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Form,
  SelectInput,
  required,
  useDataProvider,
  useGetList,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { todayIso } from '../../../../domain/dates';
import { formatMoney } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { camelCaseKeys } from '../../../providers/case';
import { isSessionEndAnswer, useAction } from '../../../providers/useAction';
import { paths } from '../../../routing/paths';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { DateTextInput, MoneyInput } from '../../../ui/inputs';
import { LabeledButton } from '../../../ui/LabeledButton';
import type { OfferingCount } from './types';

/** What a refusal says: its field messages (the cash that does not match…), or its message. */
function refusalOf(error: unknown): string[] {
  const body = (error as { body?: { errors?: unknown; message?: string } }).body;
  if (body?.errors && typeof body.errors === 'object')
    return Object.values(body.errors).map(String);
  return [error instanceof Error ? error.message : 'ra.notification.http_error'];
}

export function CloseCountButton({ count }: { count: OfferingCount }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const close = async () => {
    setBusy(true);
    setErrors([]);
    try {
      const answer = await dataProvider.closeOfferingCount(count.id);
      if (isSessionEndAnswer(answer)) return;
      notify('adam.finance.counts.closed_notice', { type: 'info' });
      setOpen(false);
      refresh();
    } catch (error) {
      setErrors(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <LabeledButton
        label="adam.finance.counts.close"
        variant="contained"
        onClick={() => {
          setConfirmed(false);
          setErrors([]);
          setOpen(true);
        }}
      >
        <LockIcon />
      </LabeledButton>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('adam.finance.counts.close_title')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>
            {translate('adam.finance.counts.close_summary', {
              amount: formatMoney(count.totalCents),
              lines: count.lines.length,
            })}
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            {translate('adam.finance.counts.close_help')}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                checked={confirmed}
                onChange={(event) => setConfirmed(event.target.checked)}
              />
            }
            label={translate('adam.finance.counts.close_confirm', {
              names: count.counters.map((counter) => counter.name).join(', '),
            })}
          />
          {errors.map((message) => (
            <Alert key={message} severity="error" sx={{ mt: 1 }}>
              {translate(message, { _: message })}
            </Alert>
          ))}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            startIcon={<LockIcon />}
            disabled={!confirmed || busy}
            onClick={close}
          >
            {translate('adam.finance.counts.close_action')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function AdjustCountButton({ count }: { count: OfferingCount }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const notify = useNotify();
  const { run, busy } = useAction();
  const adjust = async () => {
    const adjusting = await run(() => dataProvider.adjustOfferingCount(count.id));
    if (!adjusting) return;
    notify('adam.finance.counts.adjust_notice', { type: 'info' });
    navigate(paths.edit('financeiro/contagens', adjusting.id as number));
  };
  return (
    <LabeledButton label="adam.finance.counts.adjust" onClick={adjust} disabled={busy}>
      <PlaylistAddCheckIcon />
    </LabeledButton>
  );
}

/** The bank accounts a caixa's cash may go to: active, and not a caixa. */
function DepositAccountInput() {
  const { data = [] } = useGetList<{ id: number; name: string; kind: string }>(
    'financeiro/contas-bancarias',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
      filter: { active: true },
    },
  );
  return (
    <SelectInput
      source="bankAccountId"
      label="adam.finance.counts.deposit_account"
      choices={data.filter((account) => account.kind !== 'cash')}
      validate={required()}
      fullWidth
    />
  );
}

export function DepositButton({ count }: { count: OfferingCount }) {
  const translate = useTranslate();
  const fromCaixa = count.bankAccountKind === 'cash';
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);

  const save = async (values: Record<string, unknown>) => {
    try {
      const answer = await dataProvider.depositOfferingCount(count.id, values as never);
      if (isSessionEndAnswer(answer)) return undefined;
      notify('adam.finance.counts.deposit_notice', { type: 'info' });
      setOpen(false);
      refresh();
      return undefined;
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors) return camelCaseKeys<Record<string, string>>(body.errors);
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
      return undefined;
    }
  };

  return (
    <>
      <LabeledButton label="adam.finance.counts.deposit" onClick={() => setOpen(true)}>
        <AccountBalanceIcon />
      </LabeledButton>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <Form
          disableInvalidFormNotification
          noValidate
          onSubmit={save}
          record={{
            depositedOn: count.depositedOn ?? todayIso(),
            depositedCents: count.depositedCents ?? count.depositableCents,
            bankAccountId: count.depositAccountId ?? null,
          }}
        >
          <DialogTitle>{translate('adam.finance.counts.deposit_title')}</DialogTitle>
          <DialogContent>
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              {translate(
                fromCaixa
                  ? 'adam.finance.counts.deposit_help_caixa'
                  : 'adam.finance.counts.deposit_help',
                { amount: formatMoney(count.depositableCents), account: count.bankAccountName },
              )}
            </Typography>
            {fromCaixa && <DepositAccountInput />}
            <MoneyInput
              source="depositedCents"
              label="adam.finance.counts.deposited"
              validate={required()}
              fullWidth
            />
            <DateTextInput
              source="depositedOn"
              label="adam.finance.counts.deposited_on"
              validate={required()}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <FormSaveButton
              label="adam.finance.counts.deposit_save"
              icon={<AccountBalanceIcon />}
            />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
