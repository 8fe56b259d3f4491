// /financeiro/prestacao-de-contas (issue 27): the last months and every month ever closed, each
// with its state (aberto, fechado, reaberto) and its history; an admin closes a finished month
// after the conselho fiscal's approval or reopens a closed one, the financial users read.
// One card per month, phone first.
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { monthName } from '../../../../domain/calendar';
import { addMonths, todayIso } from '../../../../domain/dates';
import { formatDate, formatDateTime } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import type { FinancePeriod, FinancePeriodEvent } from '../../../providers/financeTypes';
import { withoutSessionEnd } from '../../../providers/useAction';
import { useCanWrite } from '../../../routing/useCanWrite';
import { PeriodButton } from './PeriodDialogs';

const T = 'adam.finance.periods';

/** How many finished months the screen offers to close. */
const RECENT = 12;

/** The last finished months, the latest first. */
function recentMonths(): string[] {
  const first = `${todayIso().slice(0, 7)}-01`;
  return Array.from({ length: RECENT }, (_, i) => addMonths(first, -(i + 1)).slice(0, 7));
}

function Event({ event }: { event: FinancePeriodEvent }) {
  const translate = useTranslate();
  const who = event.userName ?? translate(`${T}.someone`);
  return (
    <Typography component="li" variant="body2" color="textSecondary">
      {event.action === 'close'
        ? translate(`${T}.event_close`, {
            at: formatDateTime(event.at),
            who,
            approved: formatDate(event.approvedOn),
          })
        : translate(`${T}.event_reopen`, {
            at: formatDateTime(event.at),
            who,
            reason: event.reason ?? '',
          })}
    </Typography>
  );
}

function State({ period }: { period?: FinancePeriod }) {
  const translate = useTranslate();
  if (!period) return <Chip size="small" label={translate(`${T}.open`)} />;
  if (period.status === 'closed') {
    return (
      <Chip
        size="small"
        color="success"
        label={translate(`${T}.closed_on`, { date: formatDate(period.closedAt) })}
      />
    );
  }
  return (
    <Chip
      size="small"
      color="warning"
      label={translate(`${T}.reopened_on`, { date: formatDate(period.reopenedAt) })}
    />
  );
}

function MonthCard({
  month,
  period,
  writable,
  onDone,
}: {
  month: string;
  period?: FinancePeriod;
  writable: boolean;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const finished = month < todayIso().slice(0, 7);
  const headingId = `period-${month}`;
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} aria-labelledby={headingId}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography id={headingId} component="h2" variant="h6" sx={{ fontSize: '1.1rem' }}>
            {monthName(month)}
          </Typography>
          <State period={period} />
        </Stack>
        {period?.status === 'closed' && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate(`${T}.approved_line`, {
              date: formatDate(period.approvedOn),
              approvers: period.approvers,
            })}
          </Typography>
        )}
        {period?.status === 'reopened' && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate(`${T}.reopened_line`, {
              who: period.reopenedByName ?? translate(`${T}.someone`),
              reason: period.reopenReason ?? '',
            })}
          </Typography>
        )}
        {period?.status === 'closed' && (
          <Typography
            variant="body2"
            sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            <strong>{translate(`${T}.opinion`)}:</strong> {period.opinion}
          </Typography>
        )}
        {period && period.history.length > 0 && (
          <Box component="ul" sx={{ pl: 2, my: 1 }} aria-label={translate(`${T}.history`)}>
            {period.history.map((event) => (
              <Event key={event.id} event={event} />
            ))}
          </Box>
        )}
        {writable && finished && (
          <Box sx={{ mt: 1, textAlign: 'right' }}>
            <PeriodButton
              month={month}
              kind={period?.status === 'closed' ? 'reopen' : 'close'}
              onDone={onDone}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export default function PeriodsScreen() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const writable = useCanWrite();
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: ['finance-periods'],
    queryFn: () => dataProvider.financePeriods(),
    select: withoutSessionEnd,
  });
  const periods = new Map((data ?? []).map((period) => [period.month, period]));
  const months = [...new Set([...recentMonths(), ...periods.keys()])].sort().reverse();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={`${T}.title`} />
      <Typography variant="h5" component="h1">
        {translate(`${T}.title`)}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 2, maxWidth: '70ch' }}>
        {translate(writable ? `${T}.help_admin` : `${T}.help_reader`)}
      </Typography>
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress />}</Box>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {data && (
        <Stack spacing={1} component="ul" sx={{ p: 0, m: 0 }} aria-label={translate(`${T}.months`)}>
          {months.map((month) => (
            <MonthCard
              key={month}
              month={month}
              period={periods.get(month)}
              writable={writable}
              onDone={() => void refetch()}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
