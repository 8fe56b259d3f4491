import UndoIcon from '@mui/icons-material/Undo';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useAction } from '../../../providers/useAction';
import { formatDate, formatMoney } from '../../../../domain/formats';
import type { Payable } from '../../../providers/financeTypes';

/** "Estornar": undoes a payment; its movement leaves the account's statement. */
export function UnpayButton({ payable }: { payable: Payable }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    const done = await run(() => dataProvider.unpayPayable(payable.id));
    setOpen(false);
    if (!done) return;
    notify('adam.finance.unpaid_notice', { type: 'info' });
    refresh();
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<UndoIcon />}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate('adam.finance.unpay')}
      </Button>
      {/* Clicks in the dialog (a portal) would otherwise reach the row and open the expense. */}
      <span onClick={(event) => event.stopPropagation()}>
        <Confirm
          isOpen={open}
          loading={busy}
          title="adam.finance.unpay_title"
          content={translate('adam.finance.unpay_content', {
            amount: formatMoney(payable.paidAmountCents ?? payable.amountCents),
            date: formatDate(payable.paidOn),
          })}
          confirm="adam.finance.unpay"
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        />
      </span>
    </>
  );
}
