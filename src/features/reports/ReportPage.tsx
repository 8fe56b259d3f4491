import {
  Box,
  Card,
  CardContent,
  Stack,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { ReactNode } from 'react';
import { ListBase, Title, useTranslate } from 'react-admin';
import { type ReportKey, reportByKey } from '../../../domain/reports';
import { MemberPagination } from '../../ui/MemberPagination';
import { ReportExportButtons } from './ReportExportButtons';

/**
 * The frame of every report: title, export buttons (CSV and PDF of the whole filtered list, made
 * by the server), the filters, and the rows in pages — a table on wide screens, a list on phones.
 */
export function ReportPage(props: {
  report: ReportKey;
  filterDefaults: Record<string, unknown>;
  filters: ReactNode;
  table: ReactNode;
  phoneList: ReactNode;
  note?: ReactNode;
  /** Drawn between the filters and the table (a chart of the same figures). */
  chart?: ReactNode;
  /** Rows per page (a statement shows all its lines on one). */
  perPage?: number;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const title = `adam.reports.${props.report}.title`;
  return (
    <ListBase
      resource={reportByKey(props.report).api}
      perPage={props.perPage ?? 25}
      filterDefaultValues={props.filterDefaults}
      disableSyncWithLocation
    >
      <Title title={title} />
      <Box sx={{ py: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Typography variant="h5" component="h1">
            {translate(title)}
          </Typography>
          <ReportExportButtons report={props.report} />
        </Stack>
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <Stack
              direction="row"
              spacing={2}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              {props.filters}
            </Stack>
            {props.note && (
              <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>
                {props.note}
              </Typography>
            )}
          </CardContent>
        </Card>
        {props.chart}
        {/* The selection toolbar sits in the table's card (react-admin lifts it over the list's
            own toolbar, which reports do not have, and the card would clip it). */}
        <Card
          sx={{ '&& .RaBulkActionsToolbar-toolbar': { position: 'relative', transform: 'none' } }}
        >
          <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
            {phone ? props.phoneList : props.table}
          </Box>
          <MemberPagination />
        </Card>
      </Box>
    </ListBase>
  );
}

/** What an empty report says, inside the table. */
export function ReportEmpty({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography color="textSecondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate(text)}
    </Typography>
  );
}
