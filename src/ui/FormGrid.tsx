import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Inputs of a form tab in two columns on wide screens, one on phones. */
export function FormGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        columnGap: 2,
        width: '100%',
        maxWidth: 900,
        '& .span-2': { gridColumn: { md: 'span 2' } },
      }}
    >
      {children}
    </Box>
  );
}
