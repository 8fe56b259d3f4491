import { Box, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { FinanceCard } from './FinanceCard';
import { AreasCard } from './AreasCard';
import { BirthdaysCard } from './BirthdaysCard';
import { CongregationsCard } from './CongregationsCard';
import type { DashboardFigures } from './figures';
import { MembersByStatusCard } from './MembersByStatusCard';
import { NewMembersCard } from './NewMembersCard';
import { ExpiringCredentialsCard } from './ExpiringCredentialsCard';
import { AttendanceCard } from './AttendanceCard';
import { PendingRegistrationsCard } from './PendingRegistrationsCard';
import { SetupChecklistCard } from './SetupChecklistCard';
import { UsersCard } from './UsersCard';

const FIGURE = { xs: 12, sm: 6, lg: 4 };

export function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => dataProvider.getDashboard() as Promise<DashboardFigures>,
  });
  const { identity } = useGetIdentity();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="adam.dashboard.title" />
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {translate('adam.dashboard.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {translate('adam.dashboard.greeting', { name: identity?.fullName?.split(' ')[0] ?? '' })}
      </Typography>
      <SetupChecklistCard checklist={data?.setupChecklist} />
      <Grid container spacing={2}>
        {data?.members && (
          <Grid size={FIGURE}>
            <MembersByStatusCard total={data.members.total} byStatus={data.members.byStatus} />
          </Grid>
        )}
        {data?.birthdaysWeek && (
          <Grid size={FIGURE}>
            <BirthdaysCard members={data.birthdaysWeek} />
          </Grid>
        )}
        <Grid size={FIGURE}>
          <Grid container spacing={2}>
            {data?.members && (
              <Grid size={12}>
                <NewMembersCard count={data.members.newThisMonth} />
              </Grid>
            )}
            {data?.pendingRegistrations !== undefined && (
              <Grid size={12}>
                <PendingRegistrationsCard count={data.pendingRegistrations} />
              </Grid>
            )}
            {data?.expiringCredentials30d !== undefined && (
              <Grid size={12}>
                <ExpiringCredentialsCard count={data.expiringCredentials30d} />
              </Grid>
            )}
            {data?.attendance && (
              <Grid size={12}>
                <AttendanceCard figures={data.attendance} />
              </Grid>
            )}
            {data?.finance && (
              <Grid size={12}>
                <FinanceCard figures={data.finance} />
              </Grid>
            )}
            {data?.users && (
              <Grid size={12}>
                <UsersCard figures={data.users} />
              </Grid>
            )}
            <Grid size={12}>
              <AreasCard />
            </Grid>
          </Grid>
        </Grid>
        {data?.congregations && data.congregations.length > 1 && (
          <Grid size={12}>
            <CongregationsCard rows={data.congregations} />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
