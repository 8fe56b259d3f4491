// /igreja/celulas/:id: a cell on a phone (issue 26). For its líder: the report of the meeting
// first, then its people and the reports sent. For the office also: its place in the tree, edit,
// its members, and the multiplication.
import CallSplitIcon from '@mui/icons-material/CallSplit';
import GroupIcon from '@mui/icons-material/Group';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Loading,
  RecordContextProvider,
  ResourceContextProvider,
  Title,
  useDataProvider,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useCanWrite } from '../../../routing/useCanWrite';
import { ShowActions } from '../../../ui/links';
import { meetingText } from './CellList';
import { CellMembersDialog } from './CellMembersDialog';
import { CellPeople } from './CellPeople';
import { CellReportForm } from './CellReportForm';
import { MultiplyDialog } from './MultiplyDialog';
import { CELLS, type Cell, T, totalsText } from './types';

export default function CellPage() {
  const { id } = useParams();
  const cellId = Number(id);
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const office = useCanWrite(CELLS);
  const { data: cell, error, refetch } = useGetOne<Cell>(CELLS, { id: cellId });
  const isCell = cell?.level === 'cell';
  const people = useQuery({
    queryKey: ['cells', cellId, 'people'],
    queryFn: () => dataProvider.cellPeople(cellId),
    enabled: isCell,
  });
  const reports = useQuery({
    queryKey: ['cells', cellId, 'reports'],
    queryFn: () => dataProvider.cellReports(cellId),
    enabled: isCell,
  });
  const [editingMembers, setEditingMembers] = useState(false);
  const [multiplying, setMultiplying] = useState(false);
  const refresh = useCallback(() => {
    void refetch();
    void queryClient.invalidateQueries({ queryKey: ['cells'] });
  }, [refetch, queryClient]);

  // A cell he does not serve does not exist for a líder (404): said, not spun on.
  if (error) {
    return (
      <Alert severity="warning" sx={{ my: 2 }}>
        {(error as Error).message}
      </Alert>
    );
  }
  if (!cell) return <Loading />;
  const details = [
    cell.path !== cell.name ? cell.path : null,
    isCell ? meetingText(cell, translate) : cell.levelName,
    cell.hostAddress,
    [cell.leaderName, cell.coLeaderName].filter(Boolean).join(' e ') || null,
    cell.originName && cell.bornOn
      ? translate(`${T}.born_of`, { name: cell.originName, date: formatDate(cell.bornOn) })
      : null,
    cell.congregationName,
  ].filter(Boolean);

  return (
    <ResourceContextProvider value={CELLS}>
      <RecordContextProvider value={cell}>
        <Title title={cell.name} />
        {office && <ShowActions />}
        <Stack spacing={2} sx={{ py: 2, maxWidth: 720 }}>
          <Box>
            <Typography variant="h5" component="h1">
              {cell.name}
            </Typography>
            {details.map((line) => (
              <Typography key={line} color="textSecondary">
                {line}
              </Typography>
            ))}
          </Box>
          {isCell && people.data && reports.data && (
            <CellReportForm
              cell={cell}
              people={people.data}
              reports={reports.data}
              onSaved={refresh}
            />
          )}
          {isCell && people.data && (
            <CellPeople
              people={people.data}
              actions={
                office && (
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
                    <Button startIcon={<GroupIcon />} onClick={() => setEditingMembers(true)}>
                      {translate(`${T}.edit_members`)}
                    </Button>
                    {cell.active && (
                      <Button startIcon={<CallSplitIcon />} onClick={() => setMultiplying(true)}>
                        {translate(`${T}.multiply`)}
                      </Button>
                    )}
                  </Stack>
                )
              }
            />
          )}
          {isCell && reports.data && (
            <Card component="section">
              <CardContent>
                <Typography variant="h6" component="h2">
                  {translate(`${T}.reports_title`)}
                </Typography>
                {reports.data.length === 0 && (
                  <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                    {translate(`${T}.no_report`)}
                  </Typography>
                )}
                <List dense>
                  {reports.data.map((report) => (
                    <ListItem key={report.id} disableGutters>
                      <ListItemText
                        primary={formatDate(report.date)}
                        secondary={totalsText(translate, report.totals)}
                      />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          )}
        </Stack>
        {office && people.data && editingMembers && (
          <CellMembersDialog
            cell={cell}
            people={people.data}
            open
            onClose={() => setEditingMembers(false)}
            onSaved={refresh}
          />
        )}
        {office && people.data && multiplying && (
          <MultiplyDialog
            cell={cell}
            people={people.data}
            open
            onClose={() => setMultiplying(false)}
          />
        )}
      </RecordContextProvider>
    </ResourceContextProvider>
  );
}
