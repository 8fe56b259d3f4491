import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A "from – to" pair of filter inputs under one caption. */
export function FilterRange({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box role="group" aria-label={translate(label)}>
      <Typography variant="caption" color="textSecondary" component="div" sx={{ mb: 0.5 }}>
        {translate(label)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>{children}</Box>
    </Box>
  );
}
