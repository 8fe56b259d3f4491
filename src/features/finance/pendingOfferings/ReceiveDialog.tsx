// "Receber": the account the offering goes to (the congregation's caixa when it has one), the
// category ("Ofertas" by default), the date (the gathering's) and the method; the server writes
// the income and links it, in one transaction.
import SavingsIcon from '@mui/icons-material/Savings';
import {
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
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
import { gatheringTitle } from '../../../../domain/churchLife';
import { formatDate, formatMoney } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useFormSubmit } from '../../../providers/useAction';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { DateTextInput } from '../../../ui/inputs';
import { PAYMENT_METHOD_CHOICES } from '../shared/choices';
import { AccountInput, CategoryInput, REFERENCES } from '../shared/references';
import type { PendingOffering } from './types';

const T = 'adam.finance.pending_offerings';

export function ReceiveButton({ line }: { line: PendingOffering }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <MuiButton
        size="small"
        variant="contained"
        startIcon={<SavingsIcon />}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        aria-label={translate(`${T}.receive_label`, {
          name: line.name,
          amount: formatMoney(line.amountCents),
        })}
      >
        {translate(`${T}.receive`)}
      </MuiButton>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(event) => event.stopPropagation()}
        fullWidth
        maxWidth="xs"
        aria-labelledby={`receive-title-${line.id}`}
      >
        {open && <ReceiveForm line={line} onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

/** The form, once the defaults (the caixa, the "Ofertas" category) are known. */
function ReceiveForm({ line, onClose }: { line: PendingOffering; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submit = useFormSubmit();
  const caixa = useGetList(REFERENCES.bankAccountId.reference, {
    filter: { congregationId: line.congregationId, kind: 'cash', active: true },
    sort: { field: 'id', order: 'ASC' },
    pagination: { page: 1, perPage: 1 },
  });
  const category = useGetList(REFERENCES.categoryId.reference, {
    filter: { kind: 'income', active: true, q: 'Ofertas' },
    pagination: { page: 1, perPage: 50 },
  });

  const receive = (values: Record<string, unknown>) =>
    submit(
      () => dataProvider.receivePendingOffering(line.id, values as never),
      () => {
        notify(`${T}.received`, {
          type: 'info',
          messageArgs: { amount: formatMoney(line.amountCents) },
        });
        onClose();
        refresh();
      },
    );

  if (caixa.isPending || category.isPending) {
    return (
      <DialogContent sx={{ textAlign: 'center', py: 4 }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </DialogContent>
    );
  }
  const offerings = (category.data ?? []).find((row) => row.name === 'Ofertas');
  return (
    <Form
      disableInvalidFormNotification
      noValidate
      onSubmit={receive}
      record={{
        bankAccountId: caixa.data?.[0]?.id ?? null,
        categoryId: offerings?.id ?? null,
        date: line.date,
        paymentMethod: 'cash',
      }}
    >
      <DialogTitle id={`receive-title-${line.id}`}>{translate(`${T}.receive_title`)}</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 500 }}>
          {gatheringTitle(line.kindLabel, line.name)}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {translate(`${T}.summary`, {
            amount: formatMoney(line.amountCents),
            date: formatDate(line.date),
            congregation: line.congregationName ?? '',
          })}
        </Typography>
        <AccountInput label="adam.finance.received_in" validate={required()} fullWidth />
        <CategoryInput kind="income" validate={required()} fullWidth />
        <DateTextInput
          source="date"
          label="adam.finance.received_on"
          validate={required()}
          fullWidth
        />
        <SelectInput
          source="paymentMethod"
          label="adam.finance.payment_method"
          choices={PAYMENT_METHOD_CHOICES}
          validate={required()}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <FormSaveButton label={`${T}.confirm`} icon={<SavingsIcon />} />
      </DialogActions>
    </Form>
  );
}
