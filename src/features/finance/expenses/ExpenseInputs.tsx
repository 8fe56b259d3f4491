// The expense form: what, from whom, how much and when; then how it is paid — from an account
// (now or later, in monthly instalments) or on a credit card (the card's invoices) — and the
// receipt.
import { Alert, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { z } from 'zod';
import { camelCaseKeys, snakeCaseKeys } from '../../../providers/case';
import { todayIso } from '../../../../domain/dates';
import { MAX_INSTALLMENTS } from '../../../../domain/finance/installments';
import { expenseSchema } from '../../../../domain/finance/schemas';
import { CongregationInput, DateTextInput, MoneyInput, schemaValidator } from '../../../ui/inputs';
import { FormGrid } from '../../../ui/FormGrid';
import { PAYMENT_METHOD_CHOICES } from '../shared/choices';
import {
  ACCOUNT_CONGREGATION,
  AccountInput,
  CardInput,
  CategoryInput,
  FundInput,
  VendorInput,
} from '../shared/references';
import { InstallmentPreview } from './InstallmentPreview';
import { ReceiptInput } from './ReceiptInput';
import { type ExpenseForm, expensePayload } from './types';

// The server's schema, on the values the form will send (see expensePayload).
const rule = schemaValidator(
  z.preprocess(
    (values) => snakeCaseKeys(expensePayload(camelCaseKeys<ExpenseForm>(values))),
    expenseSchema,
  ),
  { skip: ['receiptFile', 'receipt', 'schedule'] },
);

const PAY_WITH = [
  { id: 'account', name: 'adam.finance.pay_with_account' },
  { id: 'card', name: 'adam.finance.pay_with_card' },
];

const ACCOUNT_METHODS = PAYMENT_METHOD_CHOICES.filter((choice) => choice.id !== 'card');
const installmentsInput = { min: 1, max: MAX_INSTALLMENTS, inputMode: 'numeric' } as const;

export function ExpenseInputs() {
  const translate = useTranslate();
  const [payWith, installments, paidNow] = useWatch({
    name: ['payWith', 'installments', 'paidNow'],
  }) as [string, number | null, boolean];
  const { getValues, setValue } = useFormContext();
  const card = payWith === 'card';
  const single = !installments || Number(installments) === 1;
  // Ticking "Já está paga" proposes today as the payment date.
  useEffect(() => {
    if (paidNow && !getValues('paidOn')) setValue('paidOn', todayIso());
  }, [paidNow, getValues, setValue]);
  return (
    <FormGrid>
      <TextInput
        source="description"
        label="adam.finance.description"
        validate={[required(), rule]}
        className="span-2"
      />
      <CongregationInput
        validate={rule}
        helperText="adam.finance.congregation_help"
        follow={ACCOUNT_CONGREGATION}
      />
      <VendorInput helperText="adam.finance.vendor_help" creatable />
      <CategoryInput kind="expense" validate={[required(), rule]} creatable />
      <FundInput validate={rule} />
      <MoneyInput
        source="amountCents"
        label="adam.finance.total_amount"
        validate={[required(), rule]}
      />
      <DateTextInput
        source="date"
        label={card ? 'adam.finance.purchase_date' : 'adam.finance.competence_date'}
        validate={[required(), rule]}
        helperText={card ? false : 'adam.finance.competence_help'}
      />

      <Typography variant="subtitle1" className="span-2" sx={{ mt: 1 }}>
        {translate('adam.finance.how_paid')}
      </Typography>
      <RadioButtonGroupInput source="payWith" label={false} choices={PAY_WITH} className="span-2" />
      {card ? (
        <>
          <CardInput validate={[required(), rule]} />
          <NumberInput
            source="installments"
            label="adam.finance.installments"
            validate={rule}
            step={1}
            slotProps={{ htmlInput: installmentsInput }}
          />
          <Alert severity="info" className="span-2" sx={{ mb: 2 }}>
            {translate('adam.finance.card_rule')}
          </Alert>
        </>
      ) : (
        <>
          <AccountInput validate={[required(), rule]} />
          <NumberInput
            source="installments"
            label="adam.finance.installments"
            validate={rule}
            step={1}
            slotProps={{ htmlInput: installmentsInput }}
            helperText="adam.finance.installments_help"
          />
          {!(single && paidNow) && (
            <DateTextInput
              source="dueDate"
              label={single ? 'adam.finance.due_date' : 'adam.finance.first_due_date'}
              validate={rule}
            />
          )}
          <SelectInput
            source="paymentMethod"
            label="adam.finance.payment_method"
            choices={ACCOUNT_METHODS}
            validate={rule}
          />
          {single && (
            <BooleanInput
              source="paidNow"
              label="adam.finance.paid_now"
              helperText="adam.finance.paid_now_help"
              className="span-2"
            />
          )}
          {single && paidNow && (
            <DateTextInput
              source="paidOn"
              label="adam.finance.paid_on"
              validate={[required(), rule]}
            />
          )}
        </>
      )}
      <InstallmentPreview />
      <ReceiptInput />
      <TextInput
        source="notes"
        label="adam.finance.notes"
        validate={rule}
        multiline
        minRows={2}
        className="span-2"
      />
    </FormGrid>
  );
}
