// The list's head: today's recurring cultos of the user's congregations (the app bar's choice),
// each with "Abrir o culto de hoje", which opens (or reopens) today's occurrence and goes to its
// check-in screen.
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCanAccess, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { WEEKDAY_LABELS, weekdayOf } from '../../../domain/churchLife';
import { todayIso } from '../../../domain/dates';
import type { AppDataProvider } from '../../providers/dataProvider';
import { paths } from '../../routing/paths';
import type { WorshipService } from './types';

export function TodayServices() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [opening, setOpening] = useState<number | null>(null);
  // A check-in host (issue 26) sees his cultos of today; the schedule is the office's screen.
  const { canAccess: manages } = useCanAccess({ action: 'list', resource: 'igreja/horarios' });
  const weekday = weekdayOf(todayIso());
  const { data = [], isPending } = useGetList<WorshipService>('igreja/horarios', {
    filter: { weekday, active: true },
    sort: { field: 'time', order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  const open = async (service: WorshipService) => {
    setOpening(Number(service.id));
    try {
      const gathering = await dataProvider.openService(service.id);
      navigate(paths.show('igreja/cultos', gathering.id));
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      setOpening(null);
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2, mt: 1 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('adam.church_life.today_title', { weekday: WEEKDAY_LABELS[weekday] })}
        </Typography>
        {!isPending && data.length === 0 && (
          <Typography variant="body2" color="textSecondary">
            {translate('adam.church_life.today_none')}{' '}
            {manages && (
              <Link to={paths.list('igreja/horarios')}>
                {translate('adam.church_life.today_manage')}
              </Link>
            )}
          </Typography>
        )}
        <Stack spacing={1} sx={{ mt: 1 }}>
          {data.map((service) => (
            <Box
              key={service.id}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            >
              <Typography sx={{ flex: '1 1 200px' }}>
                {service.name} · {service.time} · {service.congregationName}
              </Typography>
              <Button
                variant="contained"
                startIcon={<EventAvailableIcon />}
                disabled={opening !== null}
                onClick={() => void open(service)}
                aria-label={translate('adam.church_life.open_named', {
                  name: service.name,
                  congregation: service.congregationName,
                })}
              >
                {translate('adam.church_life.open_today')}
              </Button>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
