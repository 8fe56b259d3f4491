// A transfer between two accounts (two linked movements) or an adjustment of one balance.
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  Form,
  RadioButtonGroupInput,
  required,
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
import { todayIso } from '../../../../domain/dates';
import { DateTextInput, MoneyInput } from '../../../ui/inputs';
import { AccountInput } from '../shared/references';
import { LabeledButton } from '../../../ui/LabeledButton';

const KINDS = [
  { id: 'transfer', name: 'adam.finance.transfer' },
  { id: 'adjustment', name: 'adam.finance.adjustment' },
];

function Fields() {
  const translate = useTranslate();
  const kind = useWatch({ name: 'kind' });
  if (kind === 'adjustment') {
    return (
      <>
        <Typography color="textSecondary" sx={{ mb: 1 }}>
          {translate('adam.finance.adjustment_help')}
        </Typography>
        <AccountInput validate={required()} fullWidth />
        <MoneyInput
          source="amountCents"
          label="adam.finance.adjustment_amount"
          allowNegative
          validate={required()}
          helperText="adam.finance.adjustment_amount_help"
          fullWidth
        />
        <DateTextInput source="date" label="adam.finance.date" validate={required()} fullWidth />
        <TextInput
          source="description"
          label="adam.finance.adjustment_reason"
          validate={required()}
          fullWidth
        />
      </>
    );
  }
  return (
    <>
      <AccountInput
        source="fromAccountId"
        label="adam.finance.from_account"
        validate={required()}
        fullWidth
      />
      <AccountInput
        source="toAccountId"
        label="adam.finance.to_account"
        validate={required()}
        fullWidth
      />
      <MoneyInput
        source="amountCents"
        label="adam.finance.amount"
        validate={required()}
        fullWidth
      />
      <DateTextInput source="date" label="adam.finance.date" validate={required()} fullWidth />
      <TextInput
        source="description"
        label="adam.finance.description"
        helperText="adam.finance.transfer_description_help"
        fullWidth
      />
    </>
  );
}

export function MovementButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);

  const save = async (values: Record<string, unknown>) => {
    const body =
      values.kind === 'adjustment'
        ? {
            kind: 'adjustment',
            bankAccountId: values.bankAccountId,
            amountCents: values.amountCents,
            date: values.date,
            description: values.description,
          }
        : {
            kind: 'transfer',
            fromAccountId: values.fromAccountId,
            toAccountId: values.toAccountId,
            amountCents: values.amountCents,
            date: values.date,
            description: values.description || null,
          };
    try {
      const saved = await dataProvider.createMovement(body);
      if (isSessionEndAnswer(saved)) return undefined;
      notify(
        values.kind === 'adjustment'
          ? 'adam.finance.adjustment_saved'
          : 'adam.finance.transfer_saved',
        { type: 'info' },
      );
      setOpen(false);
      refresh();
      return undefined;
    } catch (error) {
      const errors = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (errors) return camelCaseKeys<Record<string, string>>(errors);
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
      return undefined;
    }
  };

  return (
    <>
      <LabeledButton label="adam.finance.new_transfer" onClick={() => setOpen(true)}>
        <SwapHorizIcon />
      </LabeledButton>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <Form
          disableInvalidFormNotification
          onSubmit={save}
          record={{ kind: 'transfer', date: todayIso() }}
          noValidate
        >
          <DialogTitle>{translate('adam.finance.new_movement')}</DialogTitle>
          <DialogContent>
            <RadioButtonGroupInput source="kind" label={false} choices={KINDS} />
            <Fields />
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <FormSaveButton />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
