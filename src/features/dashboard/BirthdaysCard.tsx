import CakeIcon from '@mui/icons-material/Cake';
import {
  Box,
  Card,
  CardContent,
  List,
  ListItemAvatar,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatBirthday } from '../../../domain/formats';
import { paths } from '../../routing/paths';
import { MemberAvatar } from '../../ui/MemberAvatar';
import type { BirthdayMember } from './figures';
import { LinkListItem } from '../../ui/LinkListItem';

/** Birthdays of the week (DD/MM), each opening the member's page. */
export function BirthdaysCard({ members }: { members: BirthdayMember[] }) {
  const translate = useTranslate();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
          <CakeIcon color="primary" />
          <Typography variant="h6" component="h2">
            {translate('adam.dashboard.birthdays_week')}
          </Typography>
        </Box>
        {members.length === 0 ? (
          <Typography color="textSecondary">{translate('adam.dashboard.no_birthdays')}</Typography>
        ) : (
          // All of a normal week's birthdays show whole; a long week scrolls inside the card.
          <List dense sx={members.length > 8 ? { maxHeight: 400, overflowY: 'auto' } : undefined}>
            {members.map((member) => (
              <LinkListItem key={member.id} to={paths.show('membros', member.id)}>
                <ListItemAvatar>
                  <MemberAvatar name={member.name} src={member.photoThumb} />
                </ListItemAvatar>
                <ListItemText primary={member.name} />
                <Typography variant="body2" sx={{ fontWeight: 500, ml: 1 }}>
                  {formatBirthday(member.birthDate)}
                </Typography>
              </LinkListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
