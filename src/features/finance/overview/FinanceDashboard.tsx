// /financeiro/visao-geral: this month's incomes, expenses and result; the balance of each
// account; what is overdue and due in 30 days; incomes by category; twelve months at a glance.
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  List,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useDataProvider, useGetList, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { withoutSessionEnd } from '../../../providers/useAction';
import { todayIso } from '../../../../domain/dates';
import { formatDate } from '../../../../domain/formats';
import { paths } from '../../../routing/paths';
import { Money } from '../../../ui/Money';
import { PayableStatusChip } from '../shared/StatusChip';
import { MonthPicker } from '../shared/MonthPicker';
import { CongregationBreakdown } from './CongregationBreakdown';
import { MonthlyChart } from './MonthlyChart';
import type { FinanceOverview } from '../../../providers/financeTypes';
import { LinkListItem } from '../../../ui/LinkListItem';

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }} component="section">
      <CardContent>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}
        >
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function Figure({
  icon,
  label,
  cents,
  color,
  testId,
}: {
  icon: ReactNode;
  label: string;
  cents: number;
  color?: string;
  testId: string;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box sx={{ color: color ?? 'primary.main', display: 'flex', '& svg': { fontSize: 36 } }}>
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" data-testid={testId}>
            <Money cents={cents} />
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

function Balances({ data }: { data: FinanceOverview }) {
  const translate = useTranslate();
  return (
    <Section title={translate('adam.finance.balances')}>
      {data.accounts.length === 0 ? (
        <Typography color="textSecondary">{translate('adam.finance.no_accounts')}</Typography>
      ) : (
        <List dense disablePadding>
          {data.accounts.map((account) => (
            <LinkListItem
              key={account.id}
              to={paths.show('financeiro/contas-bancarias', account.id)}
            >
              <ListItemText primary={account.name} />
              <Money cents={account.balanceCents} signed />
            </LinkListItem>
          ))}
        </List>
      )}
      <Stack
        direction="row"
        sx={{
          justifyContent: 'space-between',
          borderTop: 1,
          borderColor: 'divider',
          pt: 1,
          mt: 1,
          px: 2,
        }}
      >
        <Typography sx={{ fontWeight: 600 }}>{translate('adam.finance.total')}</Typography>
        <Typography sx={{ fontWeight: 600 }} data-testid="total-balance">
          <Money cents={data.totalBalanceCents} signed strong />
        </Typography>
      </Stack>
    </Section>
  );
}

function Payables({ data }: { data: FinanceOverview }) {
  const translate = useTranslate();
  return (
    <Section
      title={translate('resources.financeiro/contas-a-pagar.name', { smart_count: 2 })}
      action={
        <Button size="small" component={Link} to={paths.list('financeiro/contas-a-pagar')}>
          {translate('adam.finance.see_all')}
        </Button>
      }
    >
      <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
        <Box
          component={Link}
          to={paths.filteredList('financeiro/contas-a-pagar', { status: 'overdue' })}
          sx={{ color: 'inherit', textDecoration: 'none', flex: 1 }}
        >
          <Typography variant="body2" color="textSecondary">
            {translate('adam.finance.overdue_count', { smart_count: data.overdue.count })}
          </Typography>
          <Typography
            variant="h6"
            component="p"
            color={data.overdue.count > 0 ? 'error' : undefined}
          >
            <Money cents={data.overdue.totalCents} />
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography variant="body2" color="textSecondary">
            {translate('adam.finance.next_30_count', { smart_count: data.next30Days.count })}
          </Typography>
          <Typography variant="h6" component="p">
            <Money cents={data.next30Days.totalCents} />
          </Typography>
        </Box>
      </Stack>
      {data.upcoming.length > 0 && (
        <List dense disablePadding>
          {data.upcoming.slice(0, 5).map((payable) => (
            <LinkListItem
              key={payable.id}
              to={
                payable.expenseId
                  ? paths.show('financeiro/despesas', payable.expenseId)
                  : paths.list('financeiro/contas-a-pagar')
              }
              sx={{ gap: 1 }}
            >
              <ListItemText
                primary={payable.description}
                secondary={translate('adam.finance.due_on', { date: formatDate(payable.dueDate) })}
              />
              <Stack sx={{ alignItems: 'flex-end' }} spacing={0.5}>
                <Money cents={payable.amountCents} />
                <PayableStatusChip status={payable.status} />
              </Stack>
            </LinkListItem>
          ))}
        </List>
      )}
    </Section>
  );
}

function IncomesByCategory({ data }: { data: FinanceOverview }) {
  const translate = useTranslate();
  const max = Math.max(1, ...data.incomesByCategory.map((row) => row.totalCents));
  return (
    <Section title={translate('adam.finance.incomes_by_category')}>
      {data.incomesByCategory.length === 0 ? (
        <Typography color="textSecondary">{translate('adam.finance.no_incomes_month')}</Typography>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.incomesByCategory.map((row) => (
            <Box component="li" key={row.categoryId}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2">{row.name}</Typography>
                <Typography variant="body2">
                  <Money cents={row.totalCents} />
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                color="success"
                value={(row.totalCents / max) * 100}
                sx={{ height: 8, borderRadius: 1 }}
                aria-hidden
              />
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** The cells' and the EBD's offerings the treasury has not received yet (issue 26), if any. */
function PendingOfferingsNotice() {
  const translate = useTranslate();
  const { total } = useGetList('financeiro/ofertas_a_receber', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'date', order: 'ASC' },
  });
  if (!total) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button
          size="small"
          color="inherit"
          component={Link}
          to={paths.list('financeiro/ofertas_a_receber')}
        >
          {translate('adam.finance.pending_offerings.receive')}
        </Button>
      }
    >
      <span data-testid="pending-offerings-count">
        {translate('adam.finance.pending_offerings.count', { smart_count: total })}
      </span>
    </Alert>
  );
}

export function FinanceDashboard() {
  const translate = useTranslate();
  const [month, setMonth] = useState(todayIso().slice(0, 7));
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error, isFetching } = useQuery({
    queryKey: ['finance-overview', month],
    queryFn: () => dataProvider.financeOverview(month),
    select: withoutSessionEnd,
    placeholderData: keepPreviousData,
  });
  return (
    <Box sx={{ py: 2 }}>
      <Title title="adam.finance.dashboard_title" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h1">
          {translate('adam.finance.dashboard_title')}
        </Typography>
        <MonthPicker month={month} onChange={setMonth} />
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress />}</Box>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      <PendingOfferingsNotice />
      {data && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Figure
              icon={<ArrowUpwardIcon />}
              color="success.main"
              label={translate('adam.finance.month_incomes')}
              cents={data.incomeCents}
              testId="month-incomes"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Figure
              icon={<ArrowDownwardIcon />}
              color="error.main"
              label={translate('adam.finance.month_expenses')}
              cents={data.expenseCents}
              testId="month-expenses"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Figure
              icon={<AccountBalanceWalletIcon />}
              color={data.resultCents < 0 ? 'error.main' : 'primary.main'}
              label={translate('adam.finance.month_result')}
              cents={data.resultCents}
              testId="month-result"
            />
          </Grid>
          {data.congregations.length > 1 && (
            <Grid size={12}>
              <Section title={translate('adam.finance.by_congregation')}>
                <CongregationBreakdown data={data} />
              </Section>
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <Balances data={data} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <Payables data={data} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <IncomesByCategory data={data} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 12 }}>
            <Section title={translate('adam.finance.chart_title')}>
              <MonthlyChart months={data.months} />
            </Section>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}

export default FinanceDashboard;
