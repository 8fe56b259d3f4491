// Who was marked present by name, latest first, each with a way to undo a mistake.
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../domain/formats';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useAttendances } from './MemberCheckinSearch';

const T = 'adam.church_life';

export function AttendanceList({
  gatheringId,
  onChange,
}: {
  gatheringId: number;
  onChange: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: attendances = [] } = useAttendances(gatheringId);
  const remove = async (attendanceId: number) => {
    try {
      await dataProvider.removeAttendance(attendanceId);
      notify(translate(`${T}.removed`), { type: 'info' });
      onChange();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const how = (method: string) =>
    method === 'qr'
      ? ` · ${translate(`${T}.method_qr`)}`
      : method === 'visitor'
        ? ` · ${translate(`${T}.method_visitor`)}`
        : '';
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${T}.attendances_title`, { count: attendances.length })}
        </Typography>
        {attendances.length === 0 && (
          <Typography color="textSecondary">{translate(`${T}.attendances_none`)}</Typography>
        )}
        <List dense aria-label={translate(`${T}.attendances_title`, { count: attendances.length })}>
          {attendances.map((attendance) => (
            <ListItem
              key={attendance.id}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  onClick={() => void remove(attendance.id)}
                  aria-label={translate(`${T}.remove`, { name: attendance.name })}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={attendance.name}
                secondary={`${formatDateTime(attendance.createdAt)}${how(attendance.method)}`}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
