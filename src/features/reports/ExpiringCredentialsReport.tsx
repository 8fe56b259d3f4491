import { Chip } from '@mui/material';
import { DataTable, SimpleList, useTranslate } from 'react-admin';
import { IssueCredentialsButton } from '../../ui/IssueCredentialsButton';
import { formatCredentialNumber } from '../../../domain/credentials';
import { todayIso } from '../../../domain/dates';
import { PAPER_LABEL } from '../../../domain/paperHistory';
import { PaperMark } from '../../ui/PaperMark';
import { formatDate, formatPhone } from '../../../domain/formats';
import { DEFAULT_EXPIRING_DAYS, expiryText } from '../../../domain/reports';
import { rowToShowOf } from '../../ui/links';
import { FilterNumber, FilterSelect } from './ReportFilterFields';
import { CongregationFilter } from './CongregationFilter';
import { ReportEmpty, ReportPage } from './ReportPage';

/** A row: the member's active card (the id is the member's: one active card each). */
interface ExpiringRow {
  id: number;
  credentialId: number;
  memberName: string;
  number: number;
  issuedOnPaper: boolean;
  issuedOn: string;
  expiresOn: string;
  daysLeft: number;
  phoneMobile: string | null;
  congregationName: string;
}

const toMember = rowToShowOf('membros');

function Situation({ row }: { row: ExpiringRow }) {
  return (
    <Chip
      size="small"
      label={expiryText(row.expiresOn, todayIso())}
      color={row.daysLeft < 0 ? 'error' : row.daysLeft <= 7 ? 'warning' : 'default'}
      variant={row.daysLeft < 0 ? 'filled' : 'outlined'}
    />
  );
}

/** /relatorios/cartoes_a_expirar: cards expiring within N days (default 30) and expired ones. */
export default function ExpiringCredentialsReport() {
  const translate = useTranslate();
  const scopes = [
    { id: 'all', name: translate('adam.reports.expiring_credentials.scope_all') },
    { id: 'expiring', name: translate('adam.reports.expiring_credentials.scope_expiring') },
    { id: 'expired', name: translate('adam.reports.expiring_credentials.scope_expired') },
  ];
  return (
    <ReportPage
      report="expiring_credentials"
      filterDefaults={{ days: DEFAULT_EXPIRING_DAYS, scope: 'all' }}
      filters={
        <>
          <FilterNumber
            source="days"
            label="adam.reports.expiring_credentials.days"
            min={0}
            max={365}
          />
          <FilterSelect
            source="scope"
            label="adam.reports.expiring_credentials.scope"
            choices={scopes}
            minWidth={220}
          />
          <CongregationFilter />
        </>
      }
      table={
        <DataTable
          rowClick={toMember}
          bulkActionButtons={<IssueCredentialsButton renew />}
          empty={<ReportEmpty text="adam.reports.expiring_credentials.empty" />}
        >
          <DataTable.Col
            source="number"
            label="adam.credentials.fields.number"
            disableSort
            render={(row: ExpiringRow) => (
              <>
                {formatCredentialNumber(row.number)}
                <PaperMark show={row.issuedOnPaper} />
              </>
            )}
          />
          <DataTable.Col
            source="memberName"
            label="adam.reports.expiring_credentials.member"
            disableSort
          />
          <DataTable.Col source="congregationName" label="adam.reports.congregation" disableSort />
          <DataTable.Col
            source="issuedOn"
            label="adam.credentials.fields.issuedOn"
            disableSort
            render={(row: ExpiringRow) => formatDate(row.issuedOn)}
          />
          <DataTable.Col
            source="expiresOn"
            label="adam.credentials.fields.expiresOn"
            disableSort
            render={(row: ExpiringRow) => formatDate(row.expiresOn)}
          />
          <DataTable.Col
            source="daysLeft"
            label="adam.reports.expiring_credentials.situation"
            disableSort
            render={(row: ExpiringRow) => <Situation row={row} />}
          />
          <DataTable.Col
            source="phoneMobile"
            label="adam.reports.expiring_credentials.phone"
            disableSort
            render={(row: ExpiringRow) => formatPhone(row.phoneMobile)}
            sx={{ whiteSpace: 'nowrap' }}
          />
        </DataTable>
      }
      phoneList={
        <SimpleList<ExpiringRow>
          primaryText={(row) => row.memberName}
          secondaryText={(row) =>
            `${formatCredentialNumber(row.number)}${row.issuedOnPaper ? ` (${PAPER_LABEL.toLowerCase()})` : ''} · ${formatDate(row.expiresOn)} · ${row.congregationName}`
          }
          tertiaryText={(row) => expiryText(row.expiresOn, todayIso())}
          rowClick={(id) => toMember(id)}
          empty={<ReportEmpty text="adam.reports.expiring_credentials.empty" />}
        />
      }
    />
  );
}
