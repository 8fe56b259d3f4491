// /financeiro/contas-bancarias/{id}: the current balance, the account's data, deactivating it,
// and the statement with the balance after each movement.
import { Button as MuiButton, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  Show,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction } from '../../../providers/useAction';
import { BANK_ACCOUNT_KIND_LABELS } from '../../../../domain/finance/labels';
import { formatDate, formatMoney } from '../../../../domain/formats';
import { PixCard } from './PixCard';
import { Statement } from './Statement';
import { ImportStatementButton } from '../statements/ImportStatementButton';
import { useCanWrite } from '../../../routing/useCanWrite';
import { labelOf } from '../../../ui/choices';
import { DetailTitle } from '../shared/DetailTitle';
import { Money } from '../../../ui/Money';
import { type BankAccount, bankLine } from './types';

function ActiveToggle() {
  const account = useRecordContext<BankAccount>();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!account) return null;
  const deactivating = account.active;
  const confirm = async () => {
    const done = await run(() => dataProvider.setBankAccountActive(account.id, !deactivating));
    setOpen(false);
    if (!done) return;
    notify(deactivating ? 'adam.finance.account_deactivated' : 'adam.finance.account_activated', {
      type: 'info',
    });
    refresh();
  };
  return (
    <>
      <MuiButton
        variant="outlined"
        color={deactivating ? 'warning' : 'primary'}
        onClick={() => setOpen(true)}
        disabled={busy}
      >
        {translate(deactivating ? 'adam.finance.deactivate' : 'adam.finance.activate')}
      </MuiButton>
      <Confirm
        isOpen={open}
        loading={busy}
        title={deactivating ? 'adam.finance.deactivate_title' : 'adam.finance.activate_title'}
        content={translate(
          deactivating ? 'adam.finance.deactivate_content' : 'adam.finance.activate_content',
          {
            balance: formatMoney(account.balanceCents),
          },
        )}
        confirm={deactivating ? 'adam.finance.deactivate' : 'adam.finance.activate'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function Summary() {
  const account = useRecordContext<BankAccount>();
  const translate = useTranslate();
  const writable = useCanWrite();
  if (!account) return null;
  return (
    <Card>
      <CardContent>
        <DetailTitle title={account.name}>
          <Chip
            label={labelOf(BANK_ACCOUNT_KIND_LABELS, account.kind)}
            variant="outlined"
            color="primary"
          />
          {!account.active && (
            <Chip label={translate('adam.finance.deactivated')} color="warning" />
          )}
        </DetailTitle>
        {account.congregationName && (
          <Typography color="textSecondary" sx={{ mt: 0.5 }}>
            {translate('adam.finance.account_of', { name: account.congregationName })}
          </Typography>
        )}
        {bankLine(account) && (
          <Typography color="textSecondary" sx={{ mt: 0.5 }}>
            {bankLine(account)}
          </Typography>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 4 }}
          sx={{ mt: 2, alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}
        >
          <div>
            <Typography variant="body2" color="textSecondary">
              {translate('adam.finance.current_balance')}
            </Typography>
            <Typography variant="h4" component="p" data-testid="account-balance">
              <Money cents={account.balanceCents} signed />
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {translate('adam.finance.opening_line', {
                amount: formatMoney(account.openingBalanceCents),
                date: formatDate(account.openingDate),
              })}
            </Typography>
          </div>
          {writable && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {account.active && (
                <ImportStatementButton accountId={account.id} goToReconciliation />
              )}
              <ActiveToggle />
            </Stack>
          )}
        </Stack>
        {account.notes && (
          <Typography sx={{ mt: 2, whiteSpace: 'pre-line' }}>{account.notes}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

function StatementOfRecord() {
  const account = useRecordContext<BankAccount>();
  if (!account) return null;
  return <Statement accountId={account.id} />;
}

export default function BankAccountShow() {
  return (
    <Show actions={<TopToolbar />} component="div">
      <Stack spacing={2} sx={{ pb: 2 }}>
        <Summary />
        <PixCard />
        <StatementOfRecord />
      </Stack>
    </Show>
  );
}
