import { Box, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import { readCurrentUser } from '../session';
import { AreasCard } from './AreasCard';
import { UsersCard } from './UsersCard';

export interface DashboardFigures {
  users?: { active: number; inactive: number };
}

export function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => dataProvider.getDashboard() as Promise<DashboardFigures>,
  });
  const user = readCurrentUser();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="adam.dashboard.title" />
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {translate('adam.dashboard.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('adam.dashboard.greeting', { name: user?.name?.split(' ')[0] ?? '' })}
      </Typography>
      <Grid container spacing={2}>
        {data?.users && (
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <UsersCard figures={data.users} />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <AreasCard />
        </Grid>
      </Grid>
    </Box>
  );
}
