import InboxIcon from '@mui/icons-material/Inbox';
import { Box, type Theme, Typography, useMediaQuery } from '@mui/material';
import { DataTable, List, SimpleList, useRecordContext, useTranslate } from 'react-admin';
import { formatDate, formatDateTime, formatPhone } from '../../../../domain/formats';
import { MemberAvatar } from '../../../ui/MemberAvatar';
import { rowToShowOf, RowLink } from '../../../ui/links';
import { DuplicateWarning } from './DuplicateWarning';
import { ReviewButtons } from './ReviewButtons';
import type { Registration } from './types';

const toMember = rowToShowOf('membros');

function DuplicateField(_props: { label?: string }) {
  const registration = useRecordContext<Registration>();
  if (!registration?.duplicateOf) return null;
  return (
    <DuplicateWarning
      id={registration.duplicateOf}
      name={registration.duplicateName}
      reason={registration.duplicateReason}
      compact
    />
  );
}

function RegistrationTable() {
  return (
    <DataTable rowClick={toMember} bulkActionButtons={false}>
      <DataTable.Col source="name">
        <RowLink />
      </DataTable.Col>
      <DataTable.Col source="email" disableSort />
      <DataTable.Col
        source="phoneMobile"
        disableSort
        render={(row: Registration) => formatPhone(row.phoneMobile)}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DataTable.Col
        source="birthDate"
        disableSort
        render={(row: Registration) => formatDate(row.birthDate)}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DataTable.Col
        source="createdAt"
        render={(row: Registration) => formatDateTime(row.createdAt)}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DataTable.Col source="duplicateOf" disableSort>
        <DuplicateField />
      </DataTable.Col>
      <DataTable.Col label={false} disableSort>
        <ReviewButtons />
      </DataTable.Col>
    </DataTable>
  );
}

function RegistrationSimpleList() {
  return (
    <SimpleList<Registration>
      leftAvatar={(row) => <MemberAvatar name={row.name} src={row.photoThumb} />}
      primaryText={(row) => row.name}
      secondaryText={(row) => (
        <>
          {formatDateTime(row.createdAt)} · {formatPhone(row.phoneMobile) || row.email}
          {row.duplicateOf && (
            <Typography component="span" sx={{ display: 'block' }}>
              <DuplicateWarning
                id={row.duplicateOf}
                name={row.duplicateName}
                reason={row.duplicateReason}
                compact
              />
            </Typography>
          )}
        </>
      )}
      rowClick={(id) => toMember(id)}
    />
  );
}

function NothingPending() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, flex: 1 }}>
      <InboxIcon sx={{ fontSize: 72, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate('resources.membros/pendentes.empty')}
      </Typography>
    </Box>
  );
}

/** /membros/pendentes: self-registrations waiting for the secretary, newest first. */
export default function PendingRegistrationList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={<NothingPending />}
      actions={false}
    >
      {phone ? <RegistrationSimpleList /> : <RegistrationTable />}
    </List>
  );
}
