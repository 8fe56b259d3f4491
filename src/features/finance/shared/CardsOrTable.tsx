// The body of a finance list that works on a phone (contas a pagar, ofertas a receber): its empty
// message when nothing matches, one card per record on a phone, the table elsewhere.
import { Box, type Theme, Typography, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';

export function CardsOrTable({
  cards,
  table,
  empty,
  emptyHelp,
}: {
  cards: ReactNode;
  table: ReactNode;
  /** Message keys of the empty list (and a line under it). */
  empty: string;
  emptyHelp?: string;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { total, isPending } = useListContext();
  if (!isPending && total === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography variant="h6" component="p">
          {translate(empty)}
        </Typography>
        {emptyHelp && <Typography color="textSecondary">{translate(emptyHelp)}</Typography>}
      </Box>
    );
  }
  return phone ? cards : table;
}
