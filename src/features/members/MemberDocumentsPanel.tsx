// What the panels of the documents issued to a member (credentials, letters) share on the
// member's page: the member and their documents, for secretary access only, the card and the
// table.
import {
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { type RaRecord, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { useCanWrite } from '../../routing/useCanWrite';

export interface DocumentsMember {
  id: number;
  name: string;
  status: string;
  /** An anonymized member gets no more documents (issue 13). */
  anonymizedAt?: string | null;
}

/** The member of the page and their documents of `resource`, newest `sortField` first. */
export function useMemberDocuments<T extends RaRecord>(resource: string, sortField: string) {
  const member = useRecordContext<DocumentsMember>();
  const allowed = useCanWrite(resource);
  const { data = [], refetch } = useGetList<T>(
    resource,
    {
      filter: { memberId: member?.id },
      sort: { field: sortField, order: 'DESC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled: Boolean(member) && allowed },
  );
  return { member, allowed, documents: data, refetch };
}

/**
 * The card of a documents panel: icon and title with the panel's buttons, then `note` (e.g. why
 * nothing can be issued) and the panel's content.
 */
export function MemberDocumentsCard(props: {
  /** The heading's id, which names the section. */
  titleId: string;
  icon: ReactElement;
  title: string;
  actions: ReactNode;
  note?: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={props.titleId}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {props.icon}
            <Typography variant="h6" component="h2" id={props.titleId}>
              {translate(props.title)}
            </Typography>
          </Stack>
          <Box sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>{props.actions}</Box>
        </Stack>
        {props.note && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(props.note)}
          </Typography>
        )}
        {props.children}
      </CardContent>
    </Card>
  );
}

/**
 * A panel's table of documents: its headings (i18n keys), then a column for each row's buttons.
 * On a phone the table scrolls sideways: the scrolling region is focusable (and named) so it
 * scrolls from the keyboard too.
 */
export function MemberDocumentsTable(props: {
  label: string;
  headings: string[];
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box
      role="region"
      aria-label={translate(props.label)}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        contain: 'inline-size',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <Table size="small" aria-label={translate(props.label)}>
        <TableHead>
          <TableRow>
            {props.headings.map((heading) => (
              <TableCell key={heading}>{translate(heading)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>{props.children}</TableBody>
      </Table>
    </Box>
  );
}
