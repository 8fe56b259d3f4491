// An EBD class's students: who is enrolled (and who left, with their presences), a member search
// to enrol, and the congregation's members of the class's age who study nowhere yet.
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { useCanWrite } from '../../../routing/useCanWrite';
import { MIN_SEARCH, useMemberSearch } from '../useMemberSearch';
import type { EbdClass } from './types';

const R = 'resources.igreja/ebd';
const T = 'adam.church_life';

function EnrolButton({ name, onClick }: { name: string; onClick: () => void }) {
  const translate = useTranslate();
  return (
    <Button
      variant="outlined"
      onClick={onClick}
      aria-label={translate(`${R}.enrol_named`, { name })}
    >
      {translate(`${R}.enrol`)}
    </Button>
  );
}

export function EbdStudents({ ebdClass }: { ebdClass: EbdClass }) {
  const translate = useTranslate();
  const notify = useNotify();
  const writable = useCanWrite();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const classId = Number(ebdClass.id);
  const [text, setText] = useState('');
  const { q, enabled, members, isFetching } = useMemberSearch(text, ebdClass.congregationId);
  const { data: students = [] } = useQuery({
    queryKey: ['ebd-enrolments', classId],
    queryFn: () => dataProvider.ebdEnrolments(classId),
  });
  const { data: suggestions = [] } = useQuery({
    queryKey: ['ebd-suggestions', classId],
    queryFn: () => dataProvider.ebdSuggestions(classId),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['ebd-enrolments', classId] });
    void queryClient.invalidateQueries({ queryKey: ['ebd-suggestions', classId] });
  };
  const enrol = async (memberId: number, name: string) => {
    try {
      const enrolment = await dataProvider.enrol(classId, { memberId });
      notify(
        translate(enrolment.created ? `${R}.enrolled_done` : `${R}.already_enrolled`, { name }),
        {
          type: 'success',
        },
      );
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const unenrol = async (enrolmentId: number, name: string) => {
    try {
      await dataProvider.unenrol(enrolmentId);
      notify(translate(`${R}.unenrolled`, { name }), { type: 'info' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const current = students.filter((student) => student.leftOn === null);
  const enrolledIds = new Set(current.map((student) => student.memberId));
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${R}.students_title`, { count: current.length })}
        </Typography>
        {students.length === 0 && (
          <Typography color="textSecondary">{translate(`${R}.students_none`)}</Typography>
        )}
        <List dense aria-label={translate(`${R}.students_title`, { count: current.length })}>
          {students.map((student) => (
            <ListItem
              key={student.id}
              divider
              secondaryAction={
                writable && student.leftOn === null ? (
                  <IconButton
                    edge="end"
                    onClick={() => void unenrol(student.id, student.name)}
                    aria-label={translate(`${R}.unenrol`, { name: student.name })}
                  >
                    <PersonRemoveIcon />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText
                primary={student.name}
                secondary={translate(student.leftOn ? `${R}.student_left` : `${R}.student_since`, {
                  date: formatDate(student.leftOn ?? student.enrolledOn),
                  smart_count: student.presences,
                })}
              />
            </ListItem>
          ))}
        </List>
        {writable && (
          <>
            <TextField
              label={translate(`${R}.enrol_search`)}
              helperText={translate(`${T}.search_help`)}
              value={text}
              onChange={(event) => setText(event.target.value)}
              type="search"
              fullWidth
              sx={{ mt: 2 }}
              slotProps={{ htmlInput: { autoComplete: 'off', minLength: MIN_SEARCH } }}
            />
            {enabled && !isFetching && members.length === 0 && (
              <Typography sx={{ mt: 1 }} color="textSecondary">
                {translate(`${T}.search_none`, { q })}
              </Typography>
            )}
            <List dense aria-label={translate(`${T}.search_results`)}>
              {members
                .filter((member) => !enrolledIds.has(Number(member.id)))
                .map((member) => (
                  <ListItem
                    key={member.id}
                    divider
                    secondaryAction={
                      <EnrolButton
                        name={member.name}
                        onClick={() => void enrol(Number(member.id), member.name)}
                      />
                    }
                  >
                    <ListItemText primary={member.name} sx={{ pr: 14 }} />
                  </ListItem>
                ))}
            </List>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              {translate(`${R}.suggestions_title`)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {translate(`${R}.suggestions_help`)}
            </Typography>
            {suggestions.length === 0 && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate(`${R}.suggestions_none`)}
              </Typography>
            )}
            <List dense aria-label={translate(`${R}.suggestions_title`)}>
              {suggestions.map((member) => (
                <ListItem
                  key={member.id}
                  divider
                  secondaryAction={
                    <EnrolButton
                      name={member.name}
                      onClick={() => void enrol(member.id, member.name)}
                    />
                  }
                >
                  <ListItemText
                    primary={member.name}
                    secondary={formatDate(member.birthDate)}
                    sx={{ pr: 14 }}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
}
