// Quick entry of a service's offerings: after the culto the treasurer counts the money and
// types each envelope or category on one screen; all lines are saved together or none.
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  Form,
  required,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { FormSaveButton } from '../../../ui/FormToolbar';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { isSessionEndAnswer } from '../../../providers/useAction';
import { camelCaseKeys } from '../../../providers/case';
import { lastSunday } from '../../../../domain/calendar';
import { todayIso } from '../../../../domain/dates';
import { formatMoney } from '../../../../domain/formats';
import { CongregationInput, DateTextInput, MoneyInput } from '../../../ui/inputs';
import { FormGrid } from '../../../ui/FormGrid';
import { PAYMENT_METHOD_CHOICES } from '../shared/choices';
import {
  ACCOUNT_CONGREGATION,
  AccountInput,
  CategoryInput,
  DonorInput,
} from '../shared/references';
import { LabeledButton } from '../../../ui/LabeledButton';

interface Line {
  categoryId?: number;
  donorId?: number | null;
  amountCents?: number | null;
  paymentMethod?: string;
}

function Total() {
  const translate = useTranslate();
  const lines = (useWatch({ name: 'lines' }) ?? []) as Line[];
  const total = lines.reduce((sum, line) => sum + (line?.amountCents ?? 0), 0);
  return (
    <Typography variant="h6" component="p" sx={{ mt: 1 }}>
      {translate('adam.finance.offerings_total', { amount: formatMoney(total) })}
    </Typography>
  );
}

export function OfferingsButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);

  const save = async (values: Record<string, unknown>) => {
    try {
      const created = await dataProvider.createIncomes(values);
      if (isSessionEndAnswer(created)) return undefined;
      notify('adam.finance.offerings_saved', {
        type: 'info',
        messageArgs: { smart_count: created.length },
      });
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
      <LabeledButton label="adam.finance.offerings" onClick={() => setOpen(true)}>
        <PlaylistAddIcon />
      </LabeledButton>
      <Dialog open={open} onClose={() => setOpen(false)} fullScreen={phone} maxWidth="md" fullWidth>
        <Form
          disableInvalidFormNotification
          noValidate
          onSubmit={save}
          record={{
            // The offerings of the last service: Sunday's, typed in on Monday or later.
            date: lastSunday(todayIso()),
            lines: [{ paymentMethod: 'cash' }, { paymentMethod: 'pix' }],
          }}
        >
          <DialogTitle>{translate('adam.finance.offerings_title')}</DialogTitle>
          <DialogContent>
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              {translate('adam.finance.offerings_help')}
            </Typography>
            <FormGrid>
              <DateTextInput
                source="date"
                label="adam.finance.service_date"
                validate={required()}
              />
              <AccountInput label="adam.finance.received_in" validate={required()} />
              <CongregationInput
                helperText="adam.finance.congregation_help"
                follow={ACCOUNT_CONGREGATION}
              />
              <TextInput
                source="description"
                label="adam.finance.service"
                helperText="adam.finance.service_help"
                className="span-2"
              />
            </FormGrid>
            <ArrayInput source="lines" label="adam.finance.lines">
              <SimpleFormIterator inline disableReordering disableClear>
                <CategoryInput kind="income" validate={required()} sx={{ minWidth: 180 }} />
                {/* Wide enough for a whole name: two Antônios must be told apart. */}
                <DonorInput sx={{ minWidth: { xs: '100%', sm: 360 } }} />
                <SelectInput
                  source="paymentMethod"
                  label="adam.finance.payment_method"
                  choices={PAYMENT_METHOD_CHOICES}
                  validate={required()}
                />
                <MoneyInput
                  source="amountCents"
                  label="adam.finance.amount"
                  validate={required()}
                />
              </SimpleFormIterator>
            </ArrayInput>
            <Total />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <FormSaveButton label="adam.finance.save_offerings" />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
