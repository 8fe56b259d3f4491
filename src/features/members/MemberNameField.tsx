import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { RowLink } from '../../ui/links';
import { MemberAvatar } from '../../ui/MemberAvatar';

/**
 * List cell: thumbnail and name of a member (or of a ministry worker, who is one). With `link`,
 * the name is the link to where the row leads (see RowLink), so the row opens from the keyboard.
 */
export function MemberNameField({ link = false }: { link?: boolean }) {
  const record = useRecordContext<{ name: string; photoThumb?: string | null }>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <MemberAvatar name={record.name} src={record.photoThumb} />
      <Typography variant="body2">{link ? <RowLink /> : record.name}</Typography>
    </Box>
  );
}
