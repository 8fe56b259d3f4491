// The check-in's name search: members of the culto's congregation whose name has the words
// typed, each with "Presente" (or the mark that they already are).
import CheckIcon from '@mui/icons-material/Check';
import { Button, Chip, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { type FoundMember, MIN_SEARCH, useMemberSearch } from './useMemberSearch';

const T = 'adam.church_life';

export function useAttendances(gatheringId: number) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['attendances', gatheringId],
    queryFn: () => dataProvider.listAttendances(gatheringId),
  });
}

export function MemberCheckinSearch({
  gatheringId,
  congregationId,
  onMark,
}: {
  gatheringId: number;
  congregationId: number;
  onMark: (member: FoundMember) => void;
}) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const { q, enabled, members, isFetching } = useMemberSearch(text, congregationId, {
    gatheringId,
  });
  const { data: attendances = [] } = useAttendances(gatheringId);
  const present = new Set(attendances.map((attendance) => attendance.memberId));
  return (
    <>
      <TextField
        label={translate(`${T}.search_label`)}
        helperText={translate(`${T}.search_help`)}
        value={text}
        onChange={(event) => setText(event.target.value)}
        type="search"
        fullWidth
        slotProps={{ htmlInput: { autoComplete: 'off', minLength: MIN_SEARCH } }}
      />
      {enabled && !isFetching && members.length === 0 && (
        <Typography sx={{ mt: 1 }} color="textSecondary">
          {translate(`${T}.search_none`, { q })}
        </Typography>
      )}
      <List aria-label={translate(`${T}.search_results`)} dense>
        {members.map((member) => (
          <ListItem
            key={member.id}
            divider
            secondaryAction={
              present.has(Number(member.id)) ? (
                <Chip icon={<CheckIcon />} color="success" label={translate(`${T}.present`)} />
              ) : (
                <Button
                  variant="contained"
                  size="large"
                  onClick={() => onMark(member)}
                  aria-label={translate(`${T}.mark_named`, { name: member.name })}
                >
                  {translate(`${T}.mark`)}
                </Button>
              )
            }
          >
            <ListItemText primary={member.name} sx={{ pr: 14 }} />
          </ListItem>
        ))}
      </List>
    </>
  );
}
