import ChurchIcon from '@mui/icons-material/Church';
import {
  Box,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatInteger } from '../../ui/listTotal';
import type { CongregationFigures } from './figures';

/**
 * The consolidated view's breakdown (issue 12): per congregation, active and all members, new
 * ones this month and pending registrations — a table on wide screens, a list on phones.
 */
export function CongregationsCard({ rows }: { rows: CongregationFigures[] }) {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const label = (key: string, options?: object) =>
    translate(`adam.dashboard.congregations.${key}`, options);
  return (
    <Card component="section" aria-labelledby="dashboard-congregations-title">
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }}>
            <ChurchIcon />
          </Box>
          <Typography id="dashboard-congregations-title" variant="h6" component="h2">
            {label('title')}
          </Typography>
        </Box>
        {phone ? (
          <List dense disablePadding>
            {rows.map((row) => (
              <ListItem key={row.congregationId} divider disableGutters>
                <ListItemText
                  primary={row.congregationName}
                  secondary={[
                    label('active_of_total', {
                      active: formatInteger(row.active),
                      total: formatInteger(row.total),
                    }),
                    label('new_count', {
                      smart_count: row.newThisMonth,
                      count: formatInteger(row.newThisMonth),
                    }),
                    label('pending_count', {
                      smart_count: row.pending,
                      count: formatInteger(row.pending),
                    }),
                  ].join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{label('congregation')}</TableCell>
                  <TableCell align="right">{label('active')}</TableCell>
                  <TableCell align="right">{label('total')}</TableCell>
                  <TableCell align="right">{label('new_this_month')}</TableCell>
                  <TableCell align="right">{label('pending')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.congregationId}>
                    <TableCell component="th" scope="row">
                      {row.congregationName}
                    </TableCell>
                    <TableCell align="right">{formatInteger(row.active)}</TableCell>
                    <TableCell align="right">{formatInteger(row.total)}</TableCell>
                    <TableCell align="right">{formatInteger(row.newThisMonth)}</TableCell>
                    <TableCell align="right">{formatInteger(row.pending)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
