import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { type RaRecord, useListContext, useTranslate } from 'react-admin';
import { ReportEmpty } from './ReportPage';

/**
 * A report's rows on a phone: one block per row, its name and, below it, its figures in words
 * ("Saldo anterior: R$ 10,00 · Débitos: …"), `figures` naming each label key and its text.
 */
export function FigureBlocks<Row extends RaRecord>({
  empty,
  name,
  figures,
  indent = () => 0,
}: {
  empty: string;
  name: (row: Row) => ReactNode;
  figures: (row: Row) => Array<[label: string, text: string]>;
  indent?: (row: Row) => number;
}) {
  const translate = useTranslate();
  const { data = [], isPending } = useListContext<Row>();
  if (isPending) return null;
  if (data.length === 0) return <ReportEmpty text={empty} />;
  return (
    <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((row) => (
        <Box
          component="li"
          key={row.id}
          sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          {name(row)}
          <Typography variant="body2" color="textSecondary" sx={{ pl: indent(row) * 2 }}>
            {figures(row)
              .map(([label, text]) => `${translate(label)}: ${text}`)
              .join(' · ')}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
