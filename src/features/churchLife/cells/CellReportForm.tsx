// The relatório de célula on a phone (issue 26): the day (its latest meeting by default), a tap on
// each member who came, the children, notes; "Salvar relatório" sends it whole — a day already
// reported is corrected, never doubled. Without a connection it waits in the browser and goes
// when the connection returns. Visitors are added with the culto's quick-add, once the report
// exists (adding one saves the report first).
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useCallback, useState } from 'react';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { latestMeetingDay } from '../../../../domain/cells';
import { todayIso } from '../../../../domain/dates';
import { formatDate } from '../../../../domain/formats';
import type { CellPerson, CellReport, CellReportBody } from '../../../providers/cellCalls';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { DateTextField, MoneyTextField } from '../../../ui/inputs';
import { MemberAvatar } from '../../../ui/MemberAvatar';
import { isOffline } from '../offlineQueue';
import { useQueueSender } from '../useQueueSender';
import { VisitorQuickAdd } from '../VisitorQuickAdd';
import { enqueueReport, flushReports, readReports } from './reportQueue';
import { type Cell, T, totalsText } from './types';

const queuedReports = () => readReports().length;

interface Props {
  cell: Cell;
  people: CellPerson[];
  reports: CellReport[];
  onSaved: () => void;
}

export function CellReportForm({ cell, people, reports, onSaved }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [date, setDate] = useState(() =>
    cell.weekday === null ? todayIso() : latestMeetingDay(cell.weekday, todayIso()),
  );
  // Here, not in the day's fields: saving the report first remounts them.
  const [addingVisitor, setAddingVisitor] = useState(false);

  /** Sends the reports that wait; answers how many still do. */
  const flush = useCallback(async () => {
    if (readReports().length === 0) return 0;
    const { sent, left } = await flushReports((cellId, body) =>
      dataProvider.saveCellReport(cellId, body),
    );
    if (sent > 0) {
      notify(translate(`${T}.report_queue_sent`), { type: 'success' });
      onSaved();
    }
    return left;
  }, [dataProvider, notify, translate, onSaved]);
  const { waiting, recount } = useQueueSender(flush, queuedReports);

  const stored = reports.find((report) => report.date === date);
  return (
    <Card component="section">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate(`${T}.report_title`)}
        </Typography>
        {waiting > 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate(`${T}.report_queued`)}
          </Alert>
        )}
        {/* A new day, or the day's stored report, starts the fields anew. */}
        <ReportFields
          key={`${date}:${stored?.id ?? 'new'}`}
          cell={cell}
          people={people}
          stored={stored}
          date={date}
          onDate={setDate}
          onQueued={recount}
          onAddVisitor={() => setAddingVisitor(true)}
          onSaved={onSaved}
        />
      </CardContent>
      {stored && (
        <VisitorQuickAdd
          open={addingVisitor}
          onClose={() => setAddingVisitor(false)}
          gatheringId={stored.id}
          inviters={people}
          onSaved={onSaved}
        />
      )}
    </Card>
  );
}

/** The fields of one day's report, filled from the stored one when there is one. */
function ReportFields({
  cell,
  people,
  stored,
  date,
  onDate,
  onQueued,
  onAddVisitor,
  onSaved,
}: {
  cell: Cell;
  people: CellPerson[];
  stored: CellReport | undefined;
  date: string;
  onDate: (date: string) => void;
  onQueued: () => void;
  onAddVisitor: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [present, setPresent] = useState<Set<number>>(() => new Set(stored?.memberIds ?? []));
  const [children, setChildren] = useState(
    stored?.countChildren == null ? '' : String(stored.countChildren),
  );
  const [offering, setOffering] = useState<number | null>(stored?.offeringCents ?? null);
  const [notes, setNotes] = useState(stored?.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const body = (): CellReportBody => ({
    date,
    memberIds: [...present],
    countChildren: children.trim() === '' ? null : Number(children),
    offeringCents: offering,
    notes: notes.trim() || null,
  });

  /** Saves the report; answers it, or null when it was refused or queued. */
  const save = async (): Promise<CellReport | null> => {
    setSaving(true);
    setErrors({});
    try {
      const report = await dataProvider.saveCellReport(cell.id, body());
      notify(translate(`${T}.report_saved`, { date: formatDate(date) }), { type: 'success' });
      onSaved();
      return report;
    } catch (error) {
      if (isOffline(error)) {
        enqueueReport({ cellId: Number(cell.id), body: body() });
        onQueued();
        notify(translate(`${T}.report_queued`), { type: 'info' });
        return null;
      }
      const answer = error instanceof HttpError ? (error.body as { errors?: unknown }) : undefined;
      if (answer?.errors && typeof answer.errors === 'object' && !Array.isArray(answer.errors)) {
        setErrors(answer.errors as Record<string, string>);
      } else notify((error as Error).message, { type: 'error' });
      return null;
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const addVisitor = async () => {
    if (stored || (await save())) onAddVisitor();
  };

  const toggle = (id: number) =>
    setPresent((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <DateTextField
            label={translate(`${T}.report_date`)}
            value={date}
            onChange={(value) => value && onDate(value)}
            error={Boolean(errors.date)}
            helperText={errors.date}
            required
            fullWidth
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle1">
              {translate(`${T}.present`)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {people.length > 0 ? translate(`${T}.present_help`) : translate(`${T}.no_members`)}
            </Typography>
            <Stack sx={{ my: 1 }}>
              {people.map((person) => (
                // The whole row is the checkbox's label: one target, easy to tap.
                <FormControlLabel
                  key={person.id}
                  control={<Checkbox checked={present.has(person.id)} />}
                  onChange={() => toggle(person.id)}
                  label={
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <MemberAvatar name={person.name} src={person.photoThumb} />
                      <span>{person.name}</span>
                    </Stack>
                  }
                  sx={{ mx: 0, py: 0.5 }}
                />
              ))}
            </Stack>
            {errors.memberIds && <Alert severity="error">{errors.memberIds}</Alert>}
          </Box>
          <TextField
            label={translate(`${T}.children`)}
            value={children}
            onChange={(event) => setChildren(event.target.value.replace(/\D/g, ''))}
            error={Boolean(errors.countChildren)}
            helperText={errors.countChildren}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
          <MoneyTextField
            label={translate(`${T}.offering`)}
            value={offering}
            onChange={setOffering}
            error={Boolean(errors.offeringCents)}
            helperText={
              errors.offeringCents ??
              translate(stored?.offeringReceived ? `${T}.offering_received` : `${T}.offering_help`)
            }
            disabled={stored?.offeringReceived}
            fullWidth
          />
          <TextField
            label={translate(`${T}.notes`)}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            error={Boolean(errors.notes)}
            helperText={errors.notes}
            multiline
            minRows={2}
            fullWidth
          />
          <Box>
            <Typography variant="subtitle1" component="h3">
              {translate(`${T}.visitors`)}
            </Typography>
            {stored && stored.visitors.length > 0 ? (
              <List dense>
                {stored.visitors.map((visitor) => (
                  <ListItem key={visitor.id}>
                    <ListItemText primary={visitor.name} />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography variant="body2" color="textSecondary">
                {translate(`${T}.no_visitors`)}
              </Typography>
            )}
            <Button
              startIcon={<PersonAddIcon />}
              onClick={() => void addVisitor()}
              disabled={saving}
              sx={{ mt: 1 }}
            >
              {translate(`${T}.add_visitor`)}
            </Button>
          </Box>
          {stored && (
            <Typography variant="body2" color="textSecondary">
              {totalsText(translate, stored.totals)}
            </Typography>
          )}
          <Button type="submit" variant="contained" size="large" disabled={saving}>
            {translate(`${T}.save_report`)}
          </Button>
        </Stack>
      </Box>
    </>
  );
}
