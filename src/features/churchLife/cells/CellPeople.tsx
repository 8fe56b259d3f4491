// A group's people as its líder sees them (issue 26) — a cell's members, an EBD class's students:
// name and photo, the phone to call, the birthday (day and month). Nothing else of them reaches a
// volunteer.
import {
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Typography,
} from '@mui/material';
import PhoneIcon from '@mui/icons-material/Phone';
import { useTranslate } from 'react-admin';
import { formatPhone } from '../../../../domain/formats';
import type { CellPerson } from '../../../providers/cellCalls';
import { MemberAvatar } from '../../../ui/MemberAvatar';
import { T } from './types';

/** 'MM-DD' -> '14/07'. */
const dayMonth = (birthday: string) => `${birthday.slice(3, 5)}/${birthday.slice(0, 2)}`;

export function CellPeople({
  people,
  actions,
  title,
  empty,
}: {
  people: CellPerson[];
  actions?: React.ReactNode;
  /** The heading and the empty message, translated; a cell's by default. */
  title?: string;
  empty?: string;
}) {
  const translate = useTranslate();
  return (
    <Card component="section">
      <CardContent>
        <Typography variant="h6" component="h2">
          {title ?? translate(`${T}.people_title`)}
        </Typography>
        {people.length === 0 && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {empty ?? translate(`${T}.no_members`)}
          </Typography>
        )}
        <List dense>
          {people.map((person) => (
            <ListItem
              key={person.id}
              secondaryAction={
                person.phone ? (
                  <IconButton
                    component="a"
                    href={`tel:${person.phone}`}
                    aria-label={translate(`${T}.phone_link`, { name: person.name })}
                  >
                    <PhoneIcon />
                  </IconButton>
                ) : null
              }
            >
              <ListItemAvatar>
                <MemberAvatar name={person.name} src={person.photoThumb} />
              </ListItemAvatar>
              <ListItemText
                primary={person.name}
                secondary={[
                  person.phone ? formatPhone(person.phone) : null,
                  person.birthday
                    ? translate(`${T}.birthday`, { date: dayMonth(person.birthday) })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
        {actions}
      </CardContent>
    </Card>
  );
}
