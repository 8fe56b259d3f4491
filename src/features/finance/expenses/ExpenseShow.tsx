// /financeiro/despesas/{id}: the expense, how it is paid, each instalment or card charge with
// its situation (and "Pagar" for open instalments), and the receipt.
import {
  Card,
  CardContent,
  Stack,
  type Theme,
  useMediaQuery,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Show, useRecordContext, useTranslate } from 'react-admin';
import { PAYMENT_METHOD_LABELS } from '../../../../domain/finance/labels';
import { formatDate } from '../../../../domain/formats';
import { PayButton } from '../payables/PayDialog';
import { ShowActions } from '../../../ui/links';
import { useCanWrite } from '../../../routing/useCanWrite';
import { DetailItem, DetailSection } from '../../../ui/DetailSection';
import { labelOf } from '../../../ui/choices';
import { DetailTitle } from '../shared/DetailTitle';
import { Money } from '../../../ui/Money';
import { ReferenceName } from '../shared/references';
import { ExpenseStatusChip, PayableStatusChip } from '../shared/StatusChip';
import { ReceiptLink } from './ReceiptLink';
import type { Expense } from './types';

function Header({ expense }: { expense: Expense }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <DetailTitle title={expense.description}>
          <ExpenseStatusChip status={expense.status} />
        </DetailTitle>
        <Typography variant="h4" component="p" sx={{ mt: 1 }}>
          <Money cents={expense.amountCents} />
        </Typography>
        <Typography color="textSecondary">
          {expense.installments > 1
            ? translate('adam.finance.in_installments', { count: expense.installments })
            : translate('adam.finance.single_payment')}
          {expense.paidOn
            ? ` · ${translate('adam.finance.paid_on_line', { date: formatDate(expense.paidOn) })}`
            : ''}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Schedule({ expense }: { expense: Expense }) {
  const translate = useTranslate();
  const writable = useCanWrite();
  // On a phone the "Pagar" button goes under the situation (no column of its own) and the cells
  // are narrower, so the table fits 390 px without scrolling sideways.
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const card = Boolean(expense.creditCardId);
  const payColumn = !card && writable && !phone;
  const payButton = (part: NonNullable<Expense['schedule']>[number]) =>
    !card &&
    writable &&
    part.status !== 'paid' && (
      <PayButton
        payable={{
          id: part.payableId,
          description: `${expense.description} (${part.installment}/${expense.installments})`,
          amountCents: part.amountCents,
          dueDate: part.dueDate,
          bankAccountId: expense.bankAccountId,
        }}
      />
    );
  return (
    <Card component="section">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(card ? 'adam.finance.card_charges' : 'adam.finance.installments_title')}
        </Typography>
        <Table
          size="small"
          sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 }, whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{translate('adam.finance.installment')}</TableCell>
              <TableCell>
                {translate(card ? 'adam.finance.invoice_due' : 'adam.finance.due_date')}
              </TableCell>
              <TableCell align="right">{translate('adam.finance.amount')}</TableCell>
              <TableCell>{translate('adam.finance.situation')}</TableCell>
              {payColumn && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {(expense.schedule ?? []).map((part) => (
              <TableRow key={`${part.payableId}-${part.installment}`}>
                <TableCell>
                  {part.installment}/{expense.installments}
                </TableCell>
                <TableCell>{formatDate(part.dueDate)}</TableCell>
                <TableCell align="right">
                  <Money cents={part.amountCents} />
                </TableCell>
                <TableCell>
                  <Stack
                    direction={phone ? 'column' : 'row'}
                    spacing={phone ? 0.5 : 1}
                    sx={{ alignItems: phone ? 'flex-start' : 'center' }}
                  >
                    <PayableStatusChip status={part.status} />
                    {part.paidOn && (
                      <Typography variant="body2" color="textSecondary">
                        {formatDate(part.paidOn)}
                      </Typography>
                    )}
                    {phone && payButton(part)}
                  </Stack>
                </TableCell>
                {payColumn && <TableCell align="right">{payButton(part)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function Details() {
  const expense = useRecordContext<Expense>();
  const translate = useTranslate();
  if (!expense) return null;
  const card = Boolean(expense.creditCardId);
  return (
    <Stack spacing={2} sx={{ pb: 2 }}>
      <Header expense={expense} />
      <DetailSection title="adam.finance.details">
        <DetailItem label="adam.congregation.label">{expense.congregationName}</DetailItem>
        <DetailItem label="adam.finance.vendor">
          {expense.vendorId && <ReferenceName source="vendorId" link="show" />}
        </DetailItem>
        <DetailItem label="adam.finance.category">
          <ReferenceName source="categoryId" />
        </DetailItem>
        <DetailItem label={card ? 'adam.finance.purchase_date' : 'adam.finance.competence_date'}>
          {formatDate(expense.date)}
        </DetailItem>
        <DetailItem label={card ? 'adam.finance.card' : 'adam.finance.account'}>
          {card ? (
            <ReferenceName source="creditCardId" />
          ) : (
            <ReferenceName source="bankAccountId" link="show" />
          )}
        </DetailItem>
        <DetailItem label="adam.finance.payment_method">
          {labelOf(PAYMENT_METHOD_LABELS, expense.paymentMethod)}
        </DetailItem>
        <DetailItem label="adam.finance.receipt">
          {expense.receipt ? (
            <ReceiptLink expense={expense} />
          ) : (
            translate('adam.finance.no_receipt')
          )}
        </DetailItem>
        <DetailItem label="adam.finance.notes" wide>
          {expense.notes}
        </DetailItem>
      </DetailSection>
      <Schedule expense={expense} />
    </Stack>
  );
}

export default function ExpenseShow() {
  return (
    <Show actions={<ShowActions />} component="div">
      <Details />
    </Show>
  );
}
