// Receipts of gifts (issue 25): the income's own receipt, numbered on the first print and a
// "2ª via" after, and a day's receipts in one PDF for the treasurer to print after the culto.
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Form, required, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { lastSunday } from '../../../../domain/calendar';
import { todayIso } from '../../../../domain/dates';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { LabeledButton } from '../../../ui/LabeledButton';
import { DateTextInput } from '../../../ui/inputs';
import type { Income } from './types';

/** "Imprimir recibo" on an income with a donor (an anonymous offering has none). */
export function IncomeReceiptButton() {
  const income = useRecordContext<Income>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  if (!income?.donorId) return null;
  return (
    <LabeledButton
      label="adam.finance.receipts.print"
      disabled={busy}
      onClick={() => download(() => dataProvider.incomeReceipt(Number(income.id)))}
    >
      <ReceiptLongIcon />
    </LabeledButton>
  );
}

/** "Recibos do dia": the receipts of a day's incomes with a donor, one per page. */
export function DayReceiptsButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download } = useDownload();
  const [open, setOpen] = useState(false);

  const print = async (values: Record<string, unknown>) => {
    const date = String(values.date);
    if (await download(() => dataProvider.dayReceipts(date))) setOpen(false);
  };

  return (
    <>
      <LabeledButton label="adam.finance.receipts.day" onClick={() => setOpen(true)}>
        <ReceiptLongIcon />
      </LabeledButton>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth>
        <Form
          disableInvalidFormNotification
          noValidate
          onSubmit={print}
          record={{ date: lastSunday(todayIso()) }}
        >
          <DialogTitle>{translate('adam.finance.receipts.day_title')}</DialogTitle>
          <DialogContent>
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              {translate('adam.finance.receipts.day_help')}
            </Typography>
            <DateTextInput source="date" label="adam.finance.date" validate={required()} />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <FormSaveButton label="adam.finance.receipts.day_print" icon={<ReceiptLongIcon />} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
