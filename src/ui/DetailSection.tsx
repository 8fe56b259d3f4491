import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A titled card of label/value pairs on a detail page. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card component="section">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate(title)}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
            gap: 2,
            m: 0,
          }}
        >
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

/** One label and its value; an empty value shows a dash. */
export function DetailItem(props: { label: string; children?: ReactNode; wide?: boolean }) {
  const translate = useTranslate();
  const { label, children, wide = false } = props;
  const empty = children === null || children === undefined || children === '';
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="body2" color="textSecondary">
        {translate(label, { _: label })}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
        color={empty ? 'textDisabled' : undefined}
      >
        {empty ? '—' : children}
      </Typography>
    </Box>
  );
}
