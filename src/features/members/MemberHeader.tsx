import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDate } from '../../../domain/formats';
import { MemberAvatar } from '../../ui/MemberAvatar';
import { MemberStatusChip } from './MemberStatusField';
import { PositionField } from './PositionField';
import type { Member } from './types';

/** Top of the detail page: the photo, the name, the status and the position. */
export function MemberHeader() {
  const translate = useTranslate();
  const member = useRecordContext<Member>();
  if (!member) return null;
  return (
    <Card>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'center', sm: 'center' } }}
        >
          <MemberAvatar name={member.name} src={member.photo ?? member.photoThumb} size={128} />
          <Stack spacing={1} sx={{ alignItems: { xs: 'center', sm: 'flex-start' }, minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {member.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <MemberStatusChip status={member.status} sex={member.sex} />
              {member.anonymizedAt && (
                <Chip size="small" variant="outlined" label={translate('adam.subject.chip')} />
              )}
              {member.positionId && (
                <Typography component="span" color="textSecondary">
                  <PositionField />
                </Typography>
              )}
            </Stack>
            {member.admissionDate && (
              <Typography variant="body2" color="textSecondary">
                {translate('resources.membros.member_since', {
                  date: formatDate(member.admissionDate),
                })}
              </Typography>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
