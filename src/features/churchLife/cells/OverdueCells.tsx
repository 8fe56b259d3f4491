// The cells whose last meeting has no report (issue 26): the office's, and a supervisor's (a
// líder of a rede or setor sees those under it). Shown only when there are some.
import { Alert, AlertTitle, Link, List, ListItem } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { paths } from '../../../routing/paths';
import { CELLS, T } from './types';

export function OverdueCells() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data = [] } = useQuery({
    queryKey: ['cells', 'overdue'],
    queryFn: () => dataProvider.overdueCells(),
  });
  if (data.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} component="section">
      <AlertTitle component="h2">{translate(`${T}.overdue_title`)}</AlertTitle>
      <List dense disablePadding>
        {data.map((cell) => (
          <ListItem key={cell.id} disableGutters>
            <Link component={RouterLink} to={paths.show(CELLS, cell.id)} color="inherit">
              {translate(`${T}.overdue_item`, { path: cell.path, date: formatDate(cell.dueOn) })}
            </Link>
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
