// /igreja/ebd/:id: an EBD class — its trimestre, age group, magazine and teachers; "Fazer a
// chamada" for a Sunday and the chamadas taken; the students; the certificates of attendance.
// Its teacher (a líder, issue 26) takes the chamada and reads his students' name, photo, phone
// and birthday; enrolment and the certificates are the office's.
import EditIcon from '@mui/icons-material/Edit';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Loading,
  Title,
  useDataProvider,
  useGetList,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { todayIso } from '../../../../domain/dates';
import { DEFAULT_MIN_ATTENDANCE, quarterBounds, sundayOf } from '../../../../domain/ebd';
import { formatDate, formatMoney } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useDownload } from '../../../providers/downloads';
import { paths } from '../../../routing/paths';
import { useCanWrite } from '../../../routing/useCanWrite';
import { LabeledButton } from '../../../ui/LabeledButton';
import { LinkListItem } from '../../../ui/LinkListItem';
import { DateTextField } from '../../../ui/inputs';
import { CellPeople } from '../cells/CellPeople';
import { EbdStudents } from './EbdStudents';
import type { EbdClass, RollCall } from './types';

const R = 'resources.igreja/ebd';
const ROLL_CALLS = 'igreja/ebd/chamadas';

/** The Sunday a chamada opens on by default: this week's, kept inside the class's trimestre. */
function defaultSunday(ebdClass: EbdClass) {
  const { start, end } = quarterBounds(ebdClass.year, ebdClass.quarter);
  const sunday = sundayOf(todayIso());
  return sunday < start ? start : sunday > end ? sundayOf(end) : sunday;
}

function RollCalls({ ebdClass }: { ebdClass: EbdClass }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const writable = useCanWrite(ROLL_CALLS);
  const dataProvider = useDataProvider<AppDataProvider>();
  const [date, setDate] = useState<string | null>(() => defaultSunday(ebdClass));
  const [error, setError] = useState<string | undefined>();
  const { data: rollCalls = [] } = useGetList<RollCall>(ROLL_CALLS, {
    filter: { ebdClassId: ebdClass.id },
    sort: { field: 'date', order: 'DESC' },
    pagination: { page: 1, perPage: 20 },
  });
  const open = async () => {
    if (!date) return;
    try {
      const rollCall = await dataProvider.openRollCall(ebdClass.id, date);
      navigate(paths.show(ROLL_CALLS, rollCall.id));
    } catch (failure) {
      const body = (failure as { body?: { errors?: { date?: string } } }).body;
      if (body?.errors?.date) setError(body.errors.date);
      else notify((failure as Error).message, { type: 'error' });
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(`${R}.roll_call_title`)}
        </Typography>
        {writable && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1 }}>
            <DateTextField
              name="rollCallDate"
              label={translate(`${R}.roll_call_date`)}
              value={date}
              onChange={(value) => {
                setDate(value);
                setError(undefined);
              }}
              error={Boolean(error)}
              helperText={error}
            />
            <Box>
              <Button
                variant="contained"
                size="large"
                startIcon={<FactCheckIcon />}
                onClick={() => void open()}
                disabled={!date}
              >
                {translate(`${R}.roll_call_open`)}
              </Button>
            </Box>
          </Stack>
        )}
        {rollCalls.length === 0 ? (
          <Typography color="textSecondary">{translate(`${R}.roll_calls_none`)}</Typography>
        ) : (
          <List dense>
            {rollCalls.map((rollCall) => (
              <LinkListItem key={rollCall.id} to={paths.show(ROLL_CALLS, rollCall.id)}>
                <ListItemText
                  primary={formatDate(rollCall.date)}
                  secondary={translate(`${R}.roll_call_figures`, {
                    ...rollCall.figures,
                    offering: formatMoney(rollCall.figures.offeringCents),
                  })}
                />
              </LinkListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

function Certificates({ ebdClass }: { ebdClass: EbdClass }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { download, busy } = useDownload();
  const [min, setMin] = useState(String(DEFAULT_MIN_ATTENDANCE));
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${R}.certificates_title`)}
        </Typography>
        <Typography variant="body2" color="textSecondary" gutterBottom>
          {translate(`${R}.certificates_help`)}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate(`${R}.certificates_min`)}
            value={min}
            onChange={(event) => setMin(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            sx={{ maxWidth: 220 }}
          />
          <Box>
            <Button
              variant="outlined"
              size="large"
              startIcon={<PictureAsPdfIcon />}
              disabled={busy}
              onClick={() =>
                void download(() => dataProvider.ebdCertificates(ebdClass.id, Number(min)))
              }
            >
              {translate(`${R}.certificates_print`)}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The teacher's view of his students: how to reach them, nothing else. */
function TeacherStudents({ ebdClass }: { ebdClass: EbdClass }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: students } = useQuery({
    queryKey: ['ebd_classes', ebdClass.id, 'students'],
    queryFn: () => dataProvider.ebdStudents(ebdClass.id),
  });
  if (!students) return null;
  return (
    <CellPeople
      people={students}
      title={translate(`${R}.contacts_title`)}
      empty={translate(`${R}.contacts_none`)}
    />
  );
}

/** "Jovens · 18 a 29 anos". */
function ages(translate: ReturnType<typeof useTranslate>, ebdClass: EbdClass) {
  const { ageMin: min, ageMax: max } = ebdClass;
  if (min !== null && max !== null) return translate(`${R}.ages`, { min, max });
  if (min !== null) return translate(`${R}.ages_from`, { min });
  if (max !== null) return translate(`${R}.ages_to`, { max });
  return null;
}

export default function EbdClassShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const writable = useCanWrite();
  const { data: ebdClass } = useGetOne<EbdClass>('igreja/ebd', { id: Number(id) });
  if (!ebdClass) return <Loading />;
  return (
    <Box sx={{ maxWidth: 900, mt: 1 }}>
      <Title title={ebdClass.name} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Typography variant="h5" component="h1">
          {ebdClass.name}
        </Typography>
        {writable && (
          <LabeledButton to={paths.edit('igreja/ebd', ebdClass.id)} label="ra.action.edit">
            <EditIcon />
          </LabeledButton>
        )}
      </Stack>
      <Typography color="textSecondary">
        {[
          ebdClass.quarterLabel,
          ebdClass.congregationName,
          ebdClass.ageGroup,
          ages(translate, ebdClass),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Typography gutterBottom>
        {translate(`${R}.fields.teacherNames`)}:{' '}
        {ebdClass.teacherNames.join(', ') || translate(`${R}.teachers_none`)}
        {ebdClass.magazine ? ` · ${translate(`${R}.fields.magazine`)}: ${ebdClass.magazine}` : ''}
      </Typography>
      <RollCalls ebdClass={ebdClass} />
      {writable ? (
        <>
          <EbdStudents ebdClass={ebdClass} />
          <Certificates ebdClass={ebdClass} />
        </>
      ) : (
        <TeacherStudents ebdClass={ebdClass} />
      )}
    </Box>
  );
}
