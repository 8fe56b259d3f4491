import PeopleIcon from '@mui/icons-material/People';
import { Box, Card, CardContent, List, ListItemText, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import {
  MEMBER_STATUSES,
  MEMBER_STATUS_COUNT_LABELS,
  type MemberStatus,
} from '../../../domain/members';
import { paths } from '../../routing/paths';
import { formatInteger } from '../../ui/listTotal';
import { LinkListItem } from '../../ui/LinkListItem';

/** Members by status; each line opens the list filtered by that status. */
export function MembersByStatusCard(props: {
  total: number;
  byStatus: Record<MemberStatus, number>;
}) {
  const translate = useTranslate();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Box sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 40 } }}>
            <PeopleIcon />
          </Box>
          <Box>
            <Typography variant="body2" color="textSecondary">
              {translate('adam.dashboard.members_total')}
            </Typography>
            <Typography
              variant="h4"
              component={Link}
              to={paths.list('membros')}
              sx={{ color: 'inherit', textDecoration: 'none' }}
            >
              {formatInteger(props.total)}
            </Typography>
          </Box>
        </Box>
        <List dense aria-label={translate('adam.dashboard.members_by_status')}>
          {MEMBER_STATUSES.map((status) => (
            <LinkListItem key={status} to={paths.filteredList('membros', { status })}>
              <ListItemText primary={MEMBER_STATUS_COUNT_LABELS[status]} />
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {formatInteger(props.byStatus[status] ?? 0)}
              </Typography>
            </LinkListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
