import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Show, useRecordContext, useTranslate } from 'react-admin';
import { PAYMENT_METHOD_LABELS } from '../../../../domain/finance/labels';
import { formatDate } from '../../../../domain/formats';
import { ShowActions } from '../../../ui/links';
import { DetailItem, DetailSection } from '../../../ui/DetailSection';
import { labelOf } from '../../../ui/choices';
import { Money } from '../../../ui/Money';
import { ReferenceName } from '../shared/references';
import { CountOrigin } from './CountOrigin';
import { IncomeReceiptButton } from './ReceiptButtons';
import type { Income } from './types';

function Details() {
  const income = useRecordContext<Income>();
  const translate = useTranslate();
  if (!income) return null;
  return (
    <Stack spacing={2} sx={{ pb: 2 }}>
      <CountOrigin />
      <Card>
        <CardContent>
          <Typography variant="body2" color="textSecondary">
            {translate('adam.finance.income_of', { date: formatDate(income.date) })}
          </Typography>
          <Typography variant="h4" component="h1">
            <Money cents={income.amountCents} />
          </Typography>
          {income.description && <Typography sx={{ mt: 1 }}>{income.description}</Typography>}
        </CardContent>
      </Card>
      <DetailSection title="adam.finance.details">
        <DetailItem label="adam.congregation.label">{income.congregationName}</DetailItem>
        <DetailItem label="adam.finance.category">
          <ReferenceName source="categoryId" />
        </DetailItem>
        <DetailItem label="adam.finance.donor">
          {income.donorId ? (
            <ReferenceName source="donorId" link="show" />
          ) : (
            translate('adam.finance.anonymous')
          )}
        </DetailItem>
        <DetailItem label="adam.finance.received_in">
          <ReferenceName source="bankAccountId" link="show" />
        </DetailItem>
        <DetailItem label="adam.finance.payment_method">
          {labelOf(PAYMENT_METHOD_LABELS, income.paymentMethod)}
        </DetailItem>
        <DetailItem label="adam.finance.notes" wide>
          {income.notes}
        </DetailItem>
      </DetailSection>
    </Stack>
  );
}

/** The receipt; "Editar" unless a count wrote the income. */
function Actions() {
  const income = useRecordContext<Income>();
  // Neither a receipt (no donor) nor an edit: no empty toolbar above the page.
  if (income?.offeringCountId && !income.donorId) return null;
  return (
    <ShowActions editable={!income?.offeringCountId}>
      <IncomeReceiptButton />
    </ShowActions>
  );
}

export default function IncomeShow() {
  return (
    <Show actions={<Actions />} component="div">
      <Details />
    </Show>
  );
}
