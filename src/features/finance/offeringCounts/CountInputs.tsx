// The body of the count's form, shared by create and edit: the culto, where the money goes, the
// counters, the lines (method × category, and envelopes of a donor), the cash by notes and
// coins, and the totals as they are typed.
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  ArrayInput,
  AutocompleteInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  required,
  useRecordContext,
  useSourceContext,
  useTranslate,
} from 'react-admin';
import {
  COUNT_METHODS,
  COUNT_METHOD_LABELS,
  DENOMINATIONS,
  cashTotal,
  countTotals,
  denominationLabel,
  offeringCountSchema,
} from '../../../../domain/finance/offeringCounts';
import { formatMoney } from '../../../../domain/formats';
import { choicesFrom } from '../../../ui/choices';
import { FormGrid } from '../../../ui/FormGrid';
import { CongregationInput, DateTextInput, MoneyInput, schemaValidator } from '../../../ui/inputs';
import {
  ACCOUNT_CONGREGATION,
  AccountInput,
  CategoryInput,
  DonorInput,
} from '../shared/references';
import type { CountCash, CountLine, OfferingCount } from './types';

const rule = schemaValidator(offeringCountSchema);
const METHOD_CHOICES = choicesFrom(COUNT_METHOD_LABELS);
const DENOMINATION_CHOICES = DENOMINATIONS.map((cents) => ({
  id: cents,
  name: denominationLabel(cents),
}));
/** Side by side on a wide screen, one under the other on a phone. */
const cell = (width: number) => ({ minWidth: { xs: '100%', sm: width } });

/** A counter: a member picked from the register (the name filled in), or just a name. */
function CounterFields() {
  const { setValue } = useFormContext();
  const sourceContext = useSourceContext();
  return (
    <>
      <ReferenceInput source="memberId" reference="membros" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput
          optionText="name"
          filterToQuery={(q: string) => ({ q })}
          label="adam.finance.counts.counter_member"
          helperText={false}
          onChange={(_value, member) => {
            const name = (member as { name?: string } | undefined)?.name;
            if (name) setValue(sourceContext.getSource('name'), name, { shouldDirty: true });
          }}
          sx={cell(260)}
        />
      </ReferenceInput>
      <TextInput
        source="name"
        label="adam.finance.counts.counter_name"
        validate={required()}
        helperText={false}
        sx={cell(260)}
      />
    </>
  );
}

/** A part of the form: its heading and what goes in it. */
function Part({ title, help }: { title: string; help: string }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate(title)}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {translate(help)}
      </Typography>
    </>
  );
}

function Totals() {
  const translate = useTranslate();
  const lines = ((useWatch({ name: 'lines' }) ?? []) as Partial<CountLine>[]).filter(
    (line) => line?.method && typeof line.amountCents === 'number',
  ) as CountLine[];
  const cash = ((useWatch({ name: 'cash' }) ?? []) as Partial<CountCash>[]).filter(
    (piece) => piece?.denominationCents && typeof piece.quantity === 'number',
  ) as CountCash[];
  const totals = countTotals(
    lines.map((line) => ({
      method: line.method,
      category_id: line.categoryId,
      donor_id: line.donorId ?? null,
      amount_cents: line.amountCents,
    })),
  );
  const pieces = cashTotal(
    cash.map((piece) => ({
      denomination_cents: piece.denominationCents,
      quantity: piece.quantity,
    })),
  );
  return (
    <Box sx={{ my: 2 }} aria-live="polite">
      <Typography variant="h6" component="p">
        {translate('adam.finance.counts.total', { amount: formatMoney(totals.total_cents) })}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
        {COUNT_METHODS.map((method) => (
          <Typography key={method} variant="body2" color="textSecondary">
            {COUNT_METHOD_LABELS[method]}: {formatMoney(totals.by_method[method])}
          </Typography>
        ))}
      </Stack>
      {cash.length > 0 && pieces !== totals.by_method.cash && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('adam.finance.counts.cash_mismatch', {
            pieces: formatMoney(pieces),
            lines: formatMoney(totals.by_method.cash),
          })}
        </Alert>
      )}
    </Box>
  );
}

export function CountInputs() {
  const translate = useTranslate();
  const record = useRecordContext<OfferingCount>();
  const adjusting = Boolean(record?.adjustsId);
  return (
    <Box sx={{ width: '100%' }}>
      {adjusting && (
        <Alert severity="info" sx={{ mb: 2, maxWidth: 900 }}>
          {translate('adam.finance.counts.adjusting_help', { id: record?.adjustsId })}
        </Alert>
      )}
      <FormGrid>
        <DateTextInput
          source="date"
          label="adam.finance.counts.date"
          validate={[required(), rule]}
          disabled={adjusting}
        />
        <TextInput
          source="serviceName"
          label="adam.finance.counts.service_name"
          helperText="adam.finance.counts.service_name_help"
          validate={[required(), rule]}
          disabled={adjusting}
        />
        <AccountInput
          label="adam.finance.counts.account"
          helperText="adam.finance.counts.account_help"
          validate={[required(), rule]}
          disabled={adjusting}
        />
        <CongregationInput
          validate={rule}
          helperText="adam.finance.congregation_help"
          follow={ACCOUNT_CONGREGATION}
          disabled={adjusting}
        />
      </FormGrid>

      <Part title="adam.finance.counts.counters" help="adam.finance.counts.counters_help" />
      <ArrayInput source="counters" label={false} validate={rule}>
        <SimpleFormIterator inline disableReordering disableClear>
          <CounterFields />
        </SimpleFormIterator>
      </ArrayInput>

      <Part
        title="adam.finance.counts.lines"
        help={
          adjusting ? 'adam.finance.counts.lines_adjusting_help' : 'adam.finance.counts.lines_help'
        }
      />
      <ArrayInput source="lines" label={false}>
        <SimpleFormIterator inline disableReordering disableClear>
          <SelectInput
            source="method"
            label="adam.finance.counts.method"
            choices={METHOD_CHOICES}
            defaultValue="cash"
            validate={required()}
            helperText={false}
            sx={cell(110)}
          />
          <CategoryInput kind="income" validate={required()} helperText={false} sx={cell(170)} />
          <MoneyInput
            source="amountCents"
            label="adam.finance.amount"
            validate={required()}
            allowNegative={adjusting}
            helperText={false}
            sx={cell(140)}
          />
          {/* Wide enough for a whole name: two Antônios must be told apart. */}
          <DonorInput
            label="adam.finance.counts.envelope_donor"
            helperText={false}
            sx={cell(360)}
          />
          <TextInput
            source="envelope"
            label="adam.finance.counts.envelope"
            helperText={false}
            sx={cell(100)}
          />
        </SimpleFormIterator>
      </ArrayInput>

      <Part title="adam.finance.counts.cash" help="adam.finance.counts.cash_help" />
      <ArrayInput source="cash" label={false}>
        <SimpleFormIterator inline disableReordering disableClear>
          <SelectInput
            source="denominationCents"
            label="adam.finance.counts.denomination"
            choices={DENOMINATION_CHOICES}
            validate={required()}
            helperText={false}
            sx={cell(200)}
          />
          <NumberInput
            source="quantity"
            label="adam.finance.counts.quantity"
            validate={required()}
            min={0}
            step={1}
            helperText={false}
            sx={cell(120)}
          />
        </SimpleFormIterator>
      </ArrayInput>

      <Totals />
      <TextInput
        source="notes"
        label="adam.finance.notes"
        validate={rule}
        multiline
        minRows={2}
        fullWidth
        sx={{ maxWidth: 900 }}
      />
    </Box>
  );
}
