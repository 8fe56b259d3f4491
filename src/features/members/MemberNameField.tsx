import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { MemberAvatar } from './MemberAvatar';

/** List cell: thumbnail and name of a member (or of a ministry worker, who is one). */
export function MemberNameField() {
  const record = useRecordContext<{ name: string; photoThumb?: string | null }>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <MemberAvatar name={record.name} src={record.photoThumb} />
      <Typography variant="body2">{record.name}</Typography>
    </Box>
  );
}
