// /financeiro/prestacao-de-contas (issue 27): the last months and every month ever closed, each
// with its state (aberto, fechado, reaberto) and its history; an admin closes a finished month
// after the conselho fiscal's approval or reopens a closed one, the financial users read.
// Each month's prestação de contas (PDF) for the congregations chosen above the list. One card
// per month, phone first.
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useGetList, useTranslate } from 'react-admin';
import { monthName } from '../../../../domain/calendar';
import { addMonths, todayIso } from '../../../../domain/dates';
import { formatDate, formatDateTime } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { CONGREGATIONS_RESOURCE } from '../../../ui/congregationsResource';
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

/** Whose prestação de contas: a congregation (with those below it), or the whole view. */
interface PackScope {
  congregationId?: number;
  includeSubtree?: boolean;
}

/** The choice of the congregation the PDFs cover, as the other finance reports offer it. */
function PackScopeChoice({
  value,
  onChange,
}: {
  value: PackScope;
  onChange: (scope: PackScope) => void;
}) {
  const translate = useTranslate();
  const { data: congregations = [] } = useGetList<{ id: number; name: string }>(
    CONGREGATIONS_RESOURCE,
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { retry: false },
  );
  if (congregations.length < 2) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 1, alignItems: { sm: 'center' }, mb: 2 }}
    >
      <TextField
        select
        fullWidth={false}
        size="small"
        label={translate(`${T}.pack_scope`)}
        value={value.congregationId === undefined ? '' : String(value.congregationId)}
        onChange={(event) =>
          onChange({
            congregationId: event.target.value === '' ? undefined : Number(event.target.value),
            includeSubtree: value.includeSubtree,
          })
        }
        sx={{ minWidth: 260, maxWidth: '100%' }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate(`${T}.pack_all`)}</MenuItem>
        {congregations.map((congregation) => (
          <MenuItem key={congregation.id} value={String(congregation.id)}>
            {congregation.name}
          </MenuItem>
        ))}
      </TextField>
      {value.congregationId !== undefined && (
        <FormControlLabel
          control={
            <Checkbox
              checked={value.includeSubtree === true}
              onChange={(event) => onChange({ ...value, includeSubtree: event.target.checked })}
            />
          }
          label={translate(`${T}.pack_subtree`)}
        />
      )}
    </Stack>
  );
}

/** "Baixar prestação de contas (PDF)" of a month, for the chosen congregations. */
function PackButton({ month, scope }: { month: string; scope: PackScope }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<PictureAsPdfIcon />}
      disabled={busy}
      onClick={() => void download(() => dataProvider.monthlyPackPdf(month, scope))}
      aria-label={translate(`${T}.pack_label`, { month: monthName(month) })}
    >
      {translate(`${T}.pack`)}
    </Button>
  );
}

function MonthCard({
  month,
  period,
  writable,
  scope,
  onDone,
}: {
  month: string;
  period?: FinancePeriod;
  writable: boolean;
  scope: PackScope;
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
        <Stack
          direction="row"
          sx={{ mt: 1, gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}
        >
          <PackButton month={month} scope={scope} />
          {writable && finished && (
            <PeriodButton
              month={month}
              kind={period?.status === 'closed' ? 'reopen' : 'close'}
              onDone={onDone}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function PeriodsScreen() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const writable = useCanWrite();
  const [scope, setScope] = useState<PackScope>({});
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
      <Typography color="textSecondary" sx={{ mb: 2, maxWidth: '70ch' }}>
        {translate(`${T}.pack_help`)}
      </Typography>
      <PackScopeChoice value={scope} onChange={setScope} />
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
              scope={scope}
              onDone={() => void refetch()}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
