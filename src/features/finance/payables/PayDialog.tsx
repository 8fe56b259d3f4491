// "Pagar": the date and the account the money leaves from (and the amount really paid, with
// interest or a discount); the server creates the movement.
import PaidIcon from '@mui/icons-material/Paid';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Form, required, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { FormSaveButton } from '../../../ui/FormToolbar';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useFormSubmit } from '../../../providers/useAction';
import { todayIso } from '../../../../domain/dates';
import { formatDate, formatMoney } from '../../../../domain/formats';
import { DateTextInput, MoneyInput } from '../../../ui/inputs';
import { AccountInput } from '../shared/references';

export interface PayablePreview {
  id: number;
  description: string;
  amountCents: number;
  dueDate: string;
  bankAccountId: number | null;
}

export function PayButton({
  payable,
  variant = 'contained',
}: {
  payable: PayablePreview;
  variant?: 'contained' | 'outlined';
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const submit = useFormSubmit();
  const [open, setOpen] = useState(false);

  const pay = (values: Record<string, unknown>) =>
    submit(
      () => dataProvider.payPayable(payable.id, values as never),
      () => {
        notify('adam.finance.paid_notice', { type: 'info' });
        setOpen(false);
        refresh();
      },
    );

  return (
    <>
      <MuiButton
        size="small"
        variant={variant}
        startIcon={<PaidIcon />}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate('adam.finance.pay')}
      </MuiButton>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(event) => event.stopPropagation()}
        fullWidth
        maxWidth="xs"
      >
        {/* Its own record: inside a list row or a detail page the form would otherwise start
            from the surrounding record (the expense or the instalment) instead. */}
        <Form
          disableInvalidFormNotification
          noValidate
          onSubmit={pay}
          record={{
            paidOn: todayIso(),
            bankAccountId: payable.bankAccountId,
            amountCents: payable.amountCents,
          }}
        >
          <DialogTitle>{translate('adam.finance.pay_title')}</DialogTitle>
          <DialogContent>
            <Typography sx={{ fontWeight: 500 }}>{payable.description}</Typography>
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              {translate('adam.finance.pay_summary', {
                amount: formatMoney(payable.amountCents),
                date: formatDate(payable.dueDate),
              })}
            </Typography>
            <DateTextInput
              source="paidOn"
              label="adam.finance.paid_on"
              validate={required()}
              fullWidth
            />
            <AccountInput label="adam.finance.paid_from" validate={required()} fullWidth />
            <MoneyInput
              source="amountCents"
              label="adam.finance.paid_amount"
              helperText="adam.finance.paid_amount_help"
              validate={required()}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <FormSaveButton label="adam.finance.confirm_payment" icon={<PaidIcon />} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
