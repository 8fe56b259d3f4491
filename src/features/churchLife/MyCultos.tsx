// A líder's cultos on his home (issue 26): the recurring cultos whose check-in he hosts, one line
// each, a tap from the cultos' screen where today's opens. Nothing when he hosts none (the server
// answers a líder only his own).
import { Card, CardContent, List, ListItemText, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { paths } from '../../routing/paths';
import { LinkListItem } from '../../ui/LinkListItem';
import type { WorshipService } from './types';

const T = 'adam.church_life';

export function MyCultos() {
  const translate = useTranslate();
  const { data: services = [] } = useGetList<WorshipService>('igreja/horarios', {
    filter: { active: true },
    sort: { field: 'weekday', order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  if (services.length === 0) return null;
  return (
    <Card component="section" variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${T}.mine_title`)}
        </Typography>
        <List dense>
          {services.map((service) => (
            <LinkListItem key={service.id} to={paths.list('igreja/cultos')}>
              <ListItemText
                primary={service.name}
                secondary={translate(`${T}.mine_day`, {
                  weekday: service.weekdayName,
                  time: service.time,
                  congregation: service.congregationName,
                })}
              />
            </LinkListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
