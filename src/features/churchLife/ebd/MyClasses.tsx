// A líder's EBD classes on his home (issue 26): the classes he teaches, one line each, a tap from
// their chamada. Nothing when he teaches none (the server answers a teacher only his own).
import { Card, CardContent, List, ListItemText, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { paths } from '../../../routing/paths';
import { LinkListItem } from '../../../ui/LinkListItem';
import type { EbdClass } from './types';

const R = 'resources.igreja/ebd';
const CLASSES = 'igreja/ebd';

export function MyClasses() {
  const translate = useTranslate();
  const { data: classes = [] } = useGetList<EbdClass>(CLASSES, {
    filter: { active: true },
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  if (classes.length === 0) return null;
  return (
    <Card component="section" variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${R}.mine_title`)}
        </Typography>
        <List dense>
          {classes.map((ebdClass) => (
            <LinkListItem key={ebdClass.id} to={paths.show(CLASSES, ebdClass.id)}>
              <ListItemText
                primary={ebdClass.name}
                secondary={[
                  ebdClass.quarterLabel,
                  translate(`${R}.enrolled`, { smart_count: ebdClass.enrolledCount }),
                ].join(' · ')}
              />
            </LinkListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
