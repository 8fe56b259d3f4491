// A kind of group a líder serves, on his home (issue 26): its title and one line per group, each a
// tap from its screen. Nothing when he serves none of that kind.
import { Card, CardContent, List, ListItemText, Typography } from '@mui/material';
import { LinkListItem } from '../../ui/LinkListItem';

export interface GroupLine {
  id: string | number;
  to: string;
  primary: string;
  secondary: string;
}

export function MyGroupsCard({ title, lines }: { title: string; lines: GroupLine[] }) {
  if (lines.length === 0) return null;
  return (
    <Card component="section" variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <List dense>
          {lines.map((line) => (
            <LinkListItem key={line.id} to={line.to}>
              <ListItemText primary={line.primary} secondary={line.secondary} />
            </LinkListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
