import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The heading of a finance detail page: the record's name with its chips beside it. */
export function DetailTitle({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h1" sx={{ mr: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
