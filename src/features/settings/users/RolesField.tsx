import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { Role } from '../../../../domain/access';
import { ROLE_LABELS } from '../../../../domain/users';

export function RolesField(_props: { label?: string }) {
  const record = useRecordContext<{ roles?: Role[] }>();
  if (!record?.roles?.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.roles.map((role) => (
        <Chip key={role} label={ROLE_LABELS[role] ?? role} size="small" variant="outlined" />
      ))}
    </Stack>
  );
}
