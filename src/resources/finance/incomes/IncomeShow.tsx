import { Card, CardContent, Stack, Typography } from '@mui/material';
import {
  ReferenceField,
  Show,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PAYMENT_METHOD_LABELS } from '../../../domain/finance/labels';
import { formatDate } from '../../../domain/formats';
import { EditPathButton } from '../../../routing/links';
import { useCanWrite } from '../../../routing/useCanWrite';
import { DetailItem, DetailSection } from '../../members/DetailSection';
import { labelOf } from '../shared/choices';
import { Money } from '../shared/Money';
import type { Income } from './types';

function Actions() {
  const writable = useCanWrite();
  return <TopToolbar>{writable && <EditPathButton />}</TopToolbar>;
}

function Details() {
  const income = useRecordContext<Income>();
  const translate = useTranslate();
  if (!income) return null;
  return (
    <Stack spacing={2} sx={{ pb: 2 }}>
      <Card>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {translate('adam.finance.income_of', { date: formatDate(income.date) })}
          </Typography>
          <Typography variant="h4" component="h1">
            <Money cents={income.amountCents} />
          </Typography>
          {income.description && <Typography sx={{ mt: 1 }}>{income.description}</Typography>}
        </CardContent>
      </Card>
      <DetailSection title="adam.finance.details">
        <DetailItem label="adam.finance.category">
          <ReferenceField source="categoryId" reference="financeiro/categorias" link={false}>
            <TextField source="name" />
          </ReferenceField>
        </DetailItem>
        <DetailItem label="adam.finance.donor">
          {income.donorId ? (
            <ReferenceField source="donorId" reference="financeiro/contribuintes" link="show">
              <TextField source="name" />
            </ReferenceField>
          ) : (
            translate('adam.finance.anonymous')
          )}
        </DetailItem>
        <DetailItem label="adam.finance.received_in">
          <ReferenceField
            source="bankAccountId"
            reference="financeiro/contas-bancarias"
            link="show"
          >
            <TextField source="name" />
          </ReferenceField>
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

export default function IncomeShow() {
  return (
    <Show actions={<Actions />} component="div">
      <Details />
    </Show>
  );
}
