// What the panels of the documents issued to a member (credentials, letters) share on the
// member's page: the member and their documents, for secretary access only, the card and the
// table.
import {
  Alert,
  Box,
  Button,
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
import { useQuery } from '@tanstack/react-query';
import {
  type RaRecord,
  useDataProvider,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { type DocumentItem, documentDataMessage, missingDocumentData } from '../../../domain/setup';
import { paths } from '../../routing/paths';
import { useCanWrite } from '../../routing/useCanWrite';

const CHURCH = 'configuracoes/igreja';

/** The church as the data provider answers it (camelCase). */
interface ChurchData extends RaRecord {
  name: string | null;
  pastorName: string | null;
  city: string | null;
}

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
  // The server refuses documents while the church's name, pastor or city is blank: say so first.
  // A query of its own: sharing react-admin's getOne cache made the church form open on it.
  const dataProvider = useDataProvider();
  const { data: church } = useQuery({
    queryKey: ['church', 'document-data'],
    queryFn: () => dataProvider.getOne<ChurchData>(CHURCH, { id: 1 }).then(({ data }) => data),
    enabled: Boolean(member) && allowed,
  });
  const churchMissing: DocumentItem[] = church
    ? missingDocumentData({ name: church.name, pastor_name: church.pastorName, city: church.city })
    : [];
  return { member, allowed, documents: data, refetch, churchMissing };
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
  /** What the church's settings still lack for documents (nothing can be issued until then). */
  churchMissing?: DocumentItem[];
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
        {props.churchMissing && props.churchMissing.length > 0 && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Button component={RouterLink} to={paths.list(CHURCH)} color="inherit" size="small">
                {translate('adam.documents.open_church')}
              </Button>
            }
          >
            {documentDataMessage(props.churchMissing)}
          </Alert>
        )}
        {props.note && (
          <Typography color="textSecondary" sx={{ mb: 2 }}>
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
