// /igreja/ebd/chamadas/:id, an EBD class's chamada on a phone: tick the students present (sent at
// once, or kept on the phone without a connection and sent when it returns, never twice), add a
// visitor with the quick-add, and the counts. On top, the chamada's figures.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, Title, useDataProvider, useGetOne, useNotify, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { paths } from '../../../routing/paths';
import { useCanWrite } from '../../../routing/useCanWrite';
import { LabeledButton } from '../../../ui/LabeledButton';
import { readQueue } from '../offlineQueue';
import { CheckinQueueAlert } from '../CheckinQueueAlert';
import { useCheckinQueue } from '../useCheckinQueue';
import { VisitorQuickAdd } from '../VisitorQuickAdd';
import { RollCallCounts } from './RollCallCounts';
import type { RollCall } from './types';

const R = 'resources.igreja/ebd/chamadas';
const T = 'adam.church_life';
const FIGURES = ['enrolled', 'present', 'absent', 'visitors', 'bibles', 'magazines'] as const;

type Student = NonNullable<RollCall['students']>[number];

/** The class's students who are members: who may have invited a visitor. */
const studentMembers = (rollCall: RollCall) =>
  (rollCall.students ?? []).flatMap((student) =>
    student.memberId === null ? [] : [{ id: student.memberId, name: student.name }],
  );

/** A student as the check-in names them: a member, or a visitor enrolled in the class. */
const personOf = (student: Student) =>
  student.memberId !== null ? { memberId: student.memberId } : { visitorId: student.visitorId! };
const keyOf = (person: { memberId?: unknown; visitorId?: unknown }) =>
  person.memberId !== undefined ? `m${String(person.memberId)}` : `v${String(person.visitorId)}`;

/** The people whose check-in at this chamada waits on this phone for a connection. */
function queuedPeople(gatheringId: number): Set<string> {
  return new Set(
    readQueue()
      .filter((item) => item.gatheringId === gatheringId)
      .map((item) => keyOf(item.body as { memberId?: unknown; visitorId?: unknown })),
  );
}

export default function RollCallPage() {
  const { id } = useParams();
  const gatheringId = Number(id);
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: rollCall, refetch } = useGetOne<RollCall>('igreja/ebd/chamadas', {
    id: gatheringId,
  });
  // Enrolment is the office's; the teacher ticks and adds visitors (issue 26).
  const office = useCanWrite('igreja/ebd');
  const [addingVisitor, setAddingVisitor] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = useCallback(() => void refetch(), [refetch]);
  const { waiting, send, mark } = useCheckinQueue(gatheringId, refresh);

  const unmark = async (attendanceId: number) => {
    try {
      await dataProvider.removeAttendance(attendanceId);
      notify(translate(`${T}.removed`), { type: 'info' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  if (!rollCall) return <Loading />;
  const queued = queuedPeople(gatheringId);
  const toggle = async (student: Student) => {
    const person = personOf(student);
    setBusy(keyOf(person));
    if (student.attendanceId !== null) await unmark(student.attendanceId);
    else if (!queued.has(keyOf(person))) await mark(person, student.name);
    setBusy(null);
  };
  /** A visitor who keeps coming enrolled as a student, counted from this Sunday. */
  const enrol = async (visitorId: number, name: string) => {
    try {
      await dataProvider.enrol(rollCall.ebdClassId, { visitorId, enrolledOn: rollCall.date });
      notify(translate('resources.igreja/ebd.enrolled_done', { name }), { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const students = rollCall.students ?? [];
  const visitors = rollCall.visitors ?? [];
  return (
    <Box sx={{ maxWidth: 900, mt: 1 }}>
      <Title title={`${rollCall.className} – ${formatDate(rollCall.date)}`} />
      <LabeledButton to={paths.show('igreja/ebd', rollCall.ebdClassId)} label={`${R}.back`}>
        <ArrowBackIcon />
      </LabeledButton>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {rollCall.className}
      </Typography>
      <Typography color="textSecondary" gutterBottom>
        {formatDate(rollCall.date)} · {rollCall.quarterLabel} · {rollCall.congregationName}
      </Typography>
      <Box
        component="dl"
        data-testid="roll-call-figures"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(4, 1fr)', sm: 'repeat(7, auto)' },
          gap: 1,
          m: 0,
          mb: 2,
        }}
      >
        {[
          ...FIGURES.map((key) => [key, String(rollCall.figures[key])] as const),
          ['offering', formatMoney(rollCall.figures.offeringCents)] as const,
        ].map(([key, value]) => (
          <Box
            key={key}
            sx={{ gridColumn: key === 'offering' ? { xs: 'span 2', sm: 'auto' } : undefined }}
          >
            <Typography component="dt" variant="caption" color="textSecondary">
              {translate(`${R}.figures.${key}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, whiteSpace: 'nowrap' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>

      <CheckinQueueAlert waiting={waiting} send={send} />

      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate(`${R}.students_title`)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {translate(`${R}.students_help`)}
          </Typography>
          {students.length === 0 && (
            <Typography sx={{ mt: 1 }}>{translate(`${R}.students_none`)}</Typography>
          )}
          <List aria-label={translate(`${R}.students_title`)}>
            {students.map((student) => {
              const key = keyOf(personOf(student));
              const checked = student.present || queued.has(key);
              const labelId = `student-${key}`;
              return (
                <ListItem key={key} disablePadding divider>
                  <ListItemButton
                    role="checkbox"
                    aria-checked={checked}
                    aria-labelledby={labelId}
                    disabled={busy === key}
                    onClick={() => void toggle(student)}
                    sx={{ minHeight: 56 }}
                  >
                    <ListItemIcon>
                      {/* The row is the checkbox (role, state, name): the box is only drawn. */}
                      {checked ? <CheckBoxIcon color="primary" /> : <CheckBoxOutlineBlankIcon />}
                    </ListItemIcon>
                    <ListItemText
                      id={labelId}
                      primary={student.name}
                      secondary={
                        !student.present && queued.has(key)
                          ? translate(`${T}.queued`, { name: student.name })
                          : undefined
                      }
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </CardContent>
      </Card>

      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate(`${R}.visitors_title`, { count: visitors.length })}
          </Typography>
          {visitors.length === 0 && (
            <Typography color="textSecondary">{translate(`${R}.visitors_none`)}</Typography>
          )}
          {office && visitors.length > 0 && (
            <Typography variant="body2" color="textSecondary">
              {translate(`${R}.visitors_help`)}
            </Typography>
          )}
          <List dense aria-label={translate(`${R}.visitors_title`, { count: visitors.length })}>
            {visitors.map((visitor) => (
              <ListItem
                key={visitor.attendanceId}
                divider
                secondaryAction={
                  <>
                    {office && (
                      <Button
                        size="small"
                        onClick={() => void enrol(visitor.visitorId, visitor.name)}
                        aria-label={translate('resources.igreja/ebd.enrol_named', {
                          name: visitor.name,
                        })}
                      >
                        {translate('resources.igreja/ebd.enrol')}
                      </Button>
                    )}
                    <IconButton
                      edge="end"
                      onClick={() => void unmark(visitor.attendanceId)}
                      aria-label={translate(`${T}.remove`, { name: visitor.name })}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </>
                }
              >
                <ListItemText primary={visitor.name} sx={{ pr: 16 }} />
              </ListItem>
            ))}
          </List>
          <Button
            variant="outlined"
            startIcon={<PersonAddIcon />}
            onClick={() => setAddingVisitor(true)}
          >
            {translate(`${T}.visitor_add`)}
          </Button>
        </CardContent>
      </Card>

      <RollCallCounts
        key={[
          rollCall.countVisitors,
          rollCall.countBibles,
          rollCall.countMagazines,
          rollCall.offeringCents,
        ].join('/')}
        rollCall={rollCall}
        onSaved={refresh}
      />

      <VisitorQuickAdd
        open={addingVisitor}
        onClose={() => setAddingVisitor(false)}
        gatheringId={gatheringId}
        congregationId={rollCall.congregationId}
        // The teacher reads no member beyond his students: they are whom he picks from.
        inviters={office ? undefined : studentMembers(rollCall)}
        onSaved={refresh}
      />
    </Box>
  );
}
