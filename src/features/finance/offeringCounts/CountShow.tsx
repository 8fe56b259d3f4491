// A count's page: what was counted and by whom, its totals, what it became (incomes, adjustments,
// the deposit), and its acts: edit and close while open; adjust and deposit once closed; the termo.
import EditIcon from '@mui/icons-material/Edit';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Card,
  CardContent,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { Show, TopToolbar, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import {
  COUNT_METHODS,
  COUNT_METHOD_LABELS,
  type CountMethod,
  denominationLabel,
} from '../../../../domain/finance/offeringCounts';
import { formatDate, formatDateTime } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { paths } from '../../../routing/paths';
import { useCanWrite } from '../../../routing/useCanWrite';
import { DetailItem, DetailSection } from '../../../ui/DetailSection';
import { LabeledButton } from '../../../ui/LabeledButton';
import { Money } from '../../../ui/Money';
import { CountStatusChip } from './CountStatusChip';
import { AdjustCountButton, CloseCountButton, DepositButton } from './CountDialogs';
import type { OfferingCount } from './types';

const RESOURCE = 'financeiro/contagens';

function TermoButton({ count }: { count: OfferingCount }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  return (
    <LabeledButton
      label="adam.finance.counts.termo"
      disabled={busy}
      onClick={() => download(() => dataProvider.offeringCountPdf(count.id))}
    >
      <PictureAsPdfIcon />
    </LabeledButton>
  );
}

function Actions() {
  const count = useRecordContext<OfferingCount>();
  const writable = useCanWrite();
  if (!count) return <TopToolbar />;
  const open = count.status === 'open';
  return (
    <TopToolbar>
      {writable && open && (
        <LabeledButton label="ra.action.edit" to={paths.edit(RESOURCE, count.id)}>
          <EditIcon />
        </LabeledButton>
      )}
      {writable && open && <CloseCountButton count={count} />}
      {writable && !open && <DepositButton count={count} />}
      {writable && !open && <AdjustCountButton count={count} />}
      <TermoButton count={count} />
    </TopToolbar>
  );
}

function SimpleTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: Array<Array<React.ReactNode>>;
}) {
  const translate = useTranslate();
  return (
    // A region of its own: on a narrow phone the table scrolls inside it, by keyboard too.
    <TableContainer tabIndex={0} role="region" aria-label={translate(caption)}>
      <Table size="small" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          <Typography variant="h6" component="h2" color="textPrimary">
            {translate(caption)}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            {head.map((label, i) => (
              <TableCell key={label} align={i === head.length - 1 ? 'right' : 'left'}>
                {translate(label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, index) => (
            <TableRow key={index}>
              {cells.map((cell, i) => (
                <TableCell key={i} align={i === cells.length - 1 ? 'right' : 'left'}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Details() {
  const count = useRecordContext<OfferingCount>();
  const translate = useTranslate();
  if (!count) return null;
  const methods = COUNT_METHODS.filter((method) => count.byMethod[method] !== 0);
  return (
    <Stack spacing={2} sx={{ pb: 2 }}>
      <Card>
        <CardContent>
          <Typography variant="body2" color="textSecondary">
            {translate(
              count.adjustsId ? 'adam.finance.counts.adjusting_title' : 'adam.finance.counts.title',
              { id: count.id, adjusts: count.adjustsId },
            )}
          </Typography>
          <Typography variant="h4" component="h1">
            <Money cents={count.totalCents} />
          </Typography>
          <Typography sx={{ mt: 1 }}>
            {count.serviceName} · {formatDate(count.date)}
          </Typography>
          <Stack direction="row" sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <CountStatusChip status={count.status} adjusting={Boolean(count.adjustsId)} />
          </Stack>
          {count.status === 'closed' && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {translate('adam.finance.counts.closed_by', {
                date: formatDateTime(count.closedAt),
                name: count.closedByName ?? '',
              })}
            </Typography>
          )}
        </CardContent>
      </Card>
      <DetailSection title="adam.finance.details">
        <DetailItem label="adam.congregation.label">{count.congregationName}</DetailItem>
        <DetailItem label="adam.finance.counts.account">{count.bankAccountName}</DetailItem>
        <DetailItem label="adam.finance.counts.counters">
          {count.counters.map((counter) => counter.name).join(', ')}
        </DetailItem>
        {count.adjustsId && (
          <DetailItem label="adam.finance.counts.adjusts">
            <MuiLink component={Link} to={paths.show(RESOURCE, count.adjustsId)}>
              {translate('adam.finance.counts.count_number', { id: count.adjustsId })}
            </MuiLink>
          </DetailItem>
        )}
        <DetailItem label="adam.finance.notes" wide>
          {count.notes}
        </DetailItem>
      </DetailSection>
      <Card>
        <CardContent>
          <SimpleTable
            caption="adam.finance.counts.lines"
            head={[
              'adam.finance.counts.method',
              'adam.finance.category',
              'adam.finance.counts.envelope_donor',
              'adam.finance.amount',
            ]}
            rows={count.lines.map((line) => [
              COUNT_METHOD_LABELS[line.method],
              line.categoryName,
              line.donorName
                ? [
                    line.envelope
                      ? translate('adam.finance.counts.envelope_number', { number: line.envelope })
                      : '',
                    line.donorName,
                  ]
                    .filter(Boolean)
                    .join(' – ')
                : '—',
              <Money key="amount" cents={line.amountCents} />,
            ])}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <SimpleTable
              caption="adam.finance.counts.by_method"
              head={['adam.finance.counts.method', 'adam.finance.amount']}
              rows={[
                ...methods.map((method: CountMethod) => [
                  COUNT_METHOD_LABELS[method],
                  <Money key="amount" cents={count.byMethod[method]} />,
                ]),
                [
                  <strong key="label">{translate('adam.finance.counts.total_label')}</strong>,
                  <Money key="amount" cents={count.totalCents} strong />,
                ],
              ]}
            />
            <SimpleTable
              caption="adam.finance.counts.by_category"
              head={['adam.finance.category', 'adam.finance.amount']}
              rows={[
                ...count.byCategory.map((row) => [
                  row.categoryName,
                  <Money key="amount" cents={row.amountCents} />,
                ]),
                [
                  translate('adam.finance.counts.envelopes_total'),
                  <Money key="amount" cents={count.envelopesCents} />,
                ],
              ]}
            />
            {count.cash.length > 0 && (
              <SimpleTable
                caption="adam.finance.counts.cash"
                head={[
                  'adam.finance.counts.denomination',
                  'adam.finance.counts.quantity',
                  'adam.finance.amount',
                ]}
                rows={[
                  ...count.cash.map((piece) => [
                    denominationLabel(piece.denominationCents),
                    piece.quantity,
                    <Money key="amount" cents={piece.denominationCents * piece.quantity} />,
                  ]),
                  [
                    translate('adam.finance.counts.total_label'),
                    '',
                    <Money key="amount" cents={count.cashTotalCents} strong />,
                  ],
                ]}
              />
            )}
          </Stack>
        </CardContent>
      </Card>
      <DetailSection title="adam.finance.counts.deposit_section">
        <DetailItem label="adam.finance.counts.depositable">
          <Money cents={count.depositableCents} />
        </DetailItem>
        <DetailItem label="adam.finance.counts.deposited">
          {count.depositedOn ? (
            <>
              <Money cents={count.depositedCents} />{' '}
              {translate('adam.finance.counts.deposited_date', {
                date: formatDate(count.depositedOn),
              })}
            </>
          ) : (
            translate('adam.finance.counts.not_deposited')
          )}
        </DetailItem>
        {count.depositAccountName && (
          <DetailItem label="adam.finance.counts.deposited_into">
            {count.depositAccountName}
          </DetailItem>
        )}
        <DetailItem label="adam.finance.counts.deposit_difference">
          {count.depositDifferenceCents === null ? null : (
            <Money cents={count.depositDifferenceCents} />
          )}
        </DetailItem>
      </DetailSection>
      {(count.incomes.length > 0 || count.adjustments.length > 0) && (
        <DetailSection title="adam.finance.counts.became">
          <DetailItem label="adam.finance.counts.incomes" wide>
            {count.incomes.length > 0 && (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {count.incomes.map((income) => (
                  <MuiLink
                    key={income.incomeId}
                    component={Link}
                    to={paths.show('financeiro/receitas', income.incomeId)}
                  >
                    {translate('adam.finance.counts.income_link', { id: income.incomeId })}
                  </MuiLink>
                ))}
              </Stack>
            )}
          </DetailItem>
          {count.adjustments.length > 0 && (
            <DetailItem label="adam.finance.counts.adjustments" wide>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {count.adjustments.map((adjustment) => (
                  <MuiLink
                    key={adjustment.id}
                    component={Link}
                    to={paths.show(RESOURCE, adjustment.id)}
                  >
                    {translate('adam.finance.counts.count_number', { id: adjustment.id })}
                  </MuiLink>
                ))}
              </Stack>
            </DetailItem>
          )}
        </DetailSection>
      )}
    </Stack>
  );
}

function CountTitle() {
  const count = useRecordContext<OfferingCount>();
  const translate = useTranslate();
  if (!count) return null;
  return <>{translate('adam.finance.counts.count_number', { id: count.id })}</>;
}

export default function CountShow() {
  return (
    <Show
      actions={<Actions />}
      component="div"
      title={<CountTitle />}
      // The tables scroll inside their cards: the page never grows wider than a phone.
      sx={{ '& .RaShow-card': { minWidth: 0 } }}
    >
      <Details />
    </Show>
  );
}
