import { DataTable, SimpleList, useGetList, useTranslate } from 'react-admin';
import { IssueCredentialsButton } from '../../ui/IssueCredentialsButton';
import { formatDate, formatPhone } from '../../../domain/formats';
import { rowToShowOf } from '../../ui/links';
import { FilterSelect } from './ReportFilterFields';
import { CongregationFilter } from './CongregationFilter';
import { ReportEmpty, ReportPage } from './ReportPage';

interface WithoutRow {
  id: number;
  name: string;
  position: string | null;
  phoneMobile: string | null;
  admissionDate: string | null;
  credentialExpiresOn: string | null;
  congregationName: string;
}

const toMember = rowToShowOf('membros');

/** /relatorios/membros_sem_cartoes: active members without a valid card; issue in bulk. */
export default function MembersWithoutCredentialsReport() {
  const translate = useTranslate();
  const { data: positions = [] } = useGetList<{ id: number; name: string }>(
    'configuracoes/positions',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'sortOrder', order: 'ASC' } },
  );
  const kinds = [
    { id: 'all', name: translate('adam.reports.members_without_credentials.kind_all') },
    { id: 'none', name: translate('adam.reports.members_without_credentials.kind_none') },
    { id: 'expired', name: translate('adam.reports.members_without_credentials.kind_expired') },
  ];
  const credential = (row: WithoutRow) =>
    row.credentialExpiresOn
      ? translate('adam.reports.members_without_credentials.expired_on', {
          date: formatDate(row.credentialExpiresOn),
        })
      : translate('adam.reports.members_without_credentials.none_valid');
  return (
    <ReportPage
      report="members_without_credentials"
      filterDefaults={{ kind: 'all' }}
      filters={
        <>
          <FilterSelect
            source="kind"
            label="adam.reports.members_without_credentials.kind"
            choices={kinds}
            minWidth={240}
          />
          <FilterSelect
            source="positionId"
            label="adam.reports.members_without_credentials.position"
            choices={positions}
            emptyLabel="adam.reports.members_without_credentials.all_positions"
          />
          <CongregationFilter />
        </>
      }
      table={
        <DataTable
          rowClick={toMember}
          bulkActionButtons={<IssueCredentialsButton />}
          empty={<ReportEmpty text="adam.reports.members_without_credentials.empty" />}
        >
          <DataTable.Col source="name" label="resources.membros.fields.name" disableSort />
          <DataTable.Col source="congregationName" label="adam.reports.congregation" disableSort />
          <DataTable.Col
            source="position"
            label="adam.reports.members_without_credentials.position"
            disableSort
          />
          <DataTable.Col
            source="phoneMobile"
            label="adam.reports.members_without_credentials.phone"
            disableSort
            render={(row: WithoutRow) => formatPhone(row.phoneMobile)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <DataTable.Col
            source="admissionDate"
            label="adam.reports.members_without_credentials.admission"
            disableSort
            render={(row: WithoutRow) => formatDate(row.admissionDate)}
          />
          <DataTable.Col
            source="credentialExpiresOn"
            label="adam.reports.members_without_credentials.credential"
            disableSort
            render={credential}
          />
        </DataTable>
      }
      phoneList={
        <SimpleList<WithoutRow>
          primaryText={(row) => row.name}
          secondaryText={(row) =>
            [row.position, formatPhone(row.phoneMobile), row.congregationName]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={credential}
          rowClick={(id) => toMember(id)}
          empty={<ReportEmpty text="adam.reports.members_without_credentials.empty" />}
        />
      }
    />
  );
}
