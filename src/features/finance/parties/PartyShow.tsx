// The detail page of a vendor or donor: who they are, how to reach them, what the church paid
// them (or received from them) year by year, and those expenses (or incomes) themselves.
import {
  Box,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { ReferenceField, Show, useRecordContext, useTranslate } from 'react-admin';
import { PERSON_TYPE_LABELS } from '../../../../domain/finance/labels';
import { formatDocument, formatPhone, formatZipCode } from '../../../../domain/formats';
import { type MemberStatus, memberStatusLabel } from '../../../../domain/members';
import { ShowActions } from '../../../ui/links';
import { paths } from '../../../routing/paths';
import { DetailItem, DetailSection } from '../../../ui/DetailSection';
import { DetailTitle } from '../shared/DetailTitle';
import { Money } from '../../../ui/Money';
import type { Party } from './types';

/** The fields of the (reduced) member record this page shows. */
interface LinkedMemberRecord {
  id: number;
  name: string;
  congregationName?: string;
  status?: MemberStatus;
  /** Absent from a treasurer's reduced record: the status then reads for either. */
  sex?: string | null;
}

/**
 * The member a donor is linked to: name and congregation, which the reduced member record a
 * treasurer reads carries (issue 13); the name opens the member's page. A member no longer
 * active says so beside it ("Falecido(a)": the reader may not know the sex, issue 24).
 */
function LinkedMember() {
  const party = useRecordContext<Party>();
  const translate = useTranslate();
  if (!party?.memberId) return null;
  return (
    <Typography color="textSecondary" sx={{ mt: 1 }}>
      {translate('adam.finance.member')}:{' '}
      <ReferenceField<Party, LinkedMemberRecord>
        source="memberId"
        reference="membros"
        link={(member) => paths.show('membros', member.id)}
        render={({ referenceRecord }) =>
          referenceRecord
            ? [
                referenceRecord.name,
                referenceRecord.congregationName,
                referenceRecord.status && referenceRecord.status !== 'active'
                  ? memberStatusLabel(referenceRecord.status, referenceRecord.sex)
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')
            : null
        }
      />
    </Typography>
  );
}

function Header() {
  const party = useRecordContext<Party>();
  const translate = useTranslate();
  if (!party) return null;
  const entity = party.personType === 'entity';
  return (
    <Card>
      <CardContent>
        <DetailTitle title={party.name}>
          <Chip label={PERSON_TYPE_LABELS[party.personType]} color="primary" variant="outlined" />
        </DetailTitle>
        {party.document && (
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            {translate(entity ? 'adam.finance.cnpj' : 'adam.finance.cpf')}:{' '}
            {formatDocument(party.document)}
          </Typography>
        )}
        <LinkedMember />
      </CardContent>
    </Card>
  );
}

function address(party: Party) {
  const street = [party.street, party.number, party.complement].filter(Boolean).join(', ');
  const city = [party.district, [party.city, party.state].filter(Boolean).join('/')]
    .filter(Boolean)
    .join(' – ');
  return [street, city, formatZipCode(party.zipCode)].filter(Boolean).join('\n');
}

function Contact({ party: kind }: { party: 'vendor' | 'donor' }) {
  const party = useRecordContext<Party>();
  if (!party) return null;
  return (
    <DetailSection title="adam.finance.contact">
      <DetailItem label="adam.finance.email">{party.email}</DetailItem>
      <DetailItem label="adam.finance.phone">{formatPhone(party.phone)}</DetailItem>
      {kind === 'vendor' && <DetailItem label="adam.finance.pix_key">{party.pixKey}</DetailItem>}
      <DetailItem label="adam.finance.address" wide>
        {address(party)}
      </DetailItem>
      <DetailItem label="adam.finance.notes" wide>
        {party.notes}
      </DetailItem>
    </DetailSection>
  );
}

function YearlyTotals({ title }: { title: string }) {
  const party = useRecordContext<Party>();
  const translate = useTranslate();
  const years = party?.yearlyTotals ?? [];
  return (
    <Card component="section">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(title)}
        </Typography>
        {years.length === 0 ? (
          <Typography color="textSecondary">{translate('adam.finance.no_movements')}</Typography>
        ) : (
          <Table size="small" sx={{ maxWidth: 480 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('adam.finance.year')}</TableCell>
                <TableCell align="right">{translate('adam.finance.count')}</TableCell>
                <TableCell align="right">{translate('adam.finance.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {years.map((year) => (
                <TableRow key={year.year}>
                  <TableCell>{year.year}</TableCell>
                  <TableCell align="right">{year.count.toLocaleString('pt-BR')}</TableCell>
                  <TableCell align="right">
                    <Money cents={year.totalCents} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** `movements`: the expenses or incomes of the party (a ReferenceManyField). */
export function PartyShow(props: {
  party: 'vendor' | 'donor';
  totalsTitle: string;
  movements: ReactNode;
  /** The page's own actions beside "Editar" (a donor's annual statement). */
  actions?: ReactNode;
  /** A section of the party's own, after the yearly totals (a donor's tithes). */
  extra?: ReactNode;
}) {
  return (
    <Show actions={<ShowActions>{props.actions}</ShowActions>} component="div">
      <Stack spacing={2} sx={{ pb: 2 }}>
        <Header />
        <Contact party={props.party} />
        <YearlyTotals title={props.totalsTitle} />
        {props.extra}
        <Box>{props.movements}</Box>
      </Stack>
    </Show>
  );
}
