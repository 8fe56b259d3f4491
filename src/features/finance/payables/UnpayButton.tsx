import UndoIcon from '@mui/icons-material/Undo';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../../../domain/formats';
import { financeApi } from '../financeApi';
import type { Payable } from '../types';

/** "Estornar": undoes a payment; its movement leaves the account's statement. */
export function UnpayButton({ payable }: { payable: Payable }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await financeApi.unpay(payable.id);
      notify('adam.finance.unpaid_notice', { type: 'info' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    } finally {
      setBusy(false);
      setOpen(false);
    }
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
