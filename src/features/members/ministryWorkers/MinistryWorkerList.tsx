import { type Theme, useMediaQuery } from '@mui/material';
import {
  DataTable,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { formatDate, formatPhone } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { rowToShowOf } from '../../../ui/links';
import { MemberAvatar } from '../../../ui/MemberAvatar';
import { MemberNameField } from '../MemberNameField';
import { MemberPagination } from '../../../ui/MemberPagination';
import { PositionField } from '../PositionField';
import { CONGREGATIONS_RESOURCE, SearchBox } from '../../../ui/inputs';
import { currentCongregationIds } from '../../../providers/session';
import { useReadsWhole } from '../../../routing/useReadsWhole';

interface MinistryWorker {
  id: number;
  name: string;
  photoThumb: string | null;
  positionId: number;
  consecrationDate: string | null;
  phoneMobile: string | null;
  congregationName: string;
}

/** Rows are members: they open the member's detail page. */
const toMember = rowToShowOf('membros');

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchBox key="q" source="q" alwaysOn placeholder={translate('resources.obreiros.search')} />,
    <ReferenceInput
      key="positionId"
      source="positionId"
      reference="configuracoes/positions"
      filter={{ ministerial: true }}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      perPage={100}
      alwaysOn
    >
      <SelectInput
        optionText="name"
        emptyText={translate('resources.obreiros.all_positions')}
        sx={{ minWidth: 220 }}
      />
    </ReferenceInput>,
    // A user of one congregation sees only it: nothing to choose.
    ...(currentCongregationIds().length === 1
      ? []
      : [
          <ReferenceInput
            key="congregationId"
            source="congregationId"
            reference={CONGREGATIONS_RESOURCE}
            sort={{ field: 'name', order: 'ASC' }}
            perPage={500}
            alwaysOn
          >
            <SelectInput
              optionText="name"
              label="resources.obreiros.fields.congregationId"
              emptyText={translate('resources.obreiros.all_congregations')}
              sx={{ minWidth: 220 }}
            />
          </ReferenceInput>,
        ]),
  ];
}

/** /obreiros: the members whose position is ministerial. */
export default function MinistryWorkerList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const filters = useFilters();
  // The reduced rows (issue 13) carry neither phones nor consecration dates.
  const whole = useReadsWhole();
  return (
    <List
      filters={filters}
      actions={false}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      pagination={<MemberPagination />}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<MinistryWorker>
          leftAvatar={(worker) => <MemberAvatar name={worker.name} src={worker.photoThumb} />}
          primaryText={(worker) => worker.name}
          secondaryText={(worker) =>
            [whole ? formatPhone(worker.phoneMobile) : '', worker.congregationName]
              .filter(Boolean)
              .join(' · ')
          }
          tertiaryText={(worker) => (whole ? formatDate(worker.consecrationDate) : undefined)}
          rowClick={toMember}
        />
      ) : (
        <DataTable rowClick={toMember} bulkActionButtons={false}>
          <DataTable.Col source="name">
            <MemberNameField link />
          </DataTable.Col>
          <DataTable.Col source="positionId" disableSort>
            <PositionField />
          </DataTable.Col>
          <DataTable.Col
            source="congregationName"
            label="resources.obreiros.fields.congregationId"
            disableSort
          />
          {whole && (
            <DataTable.Col
              source="consecrationDate"
              render={(worker: MinistryWorker) => formatDate(worker.consecrationDate)}
            />
          )}
          {whole && (
            <DataTable.Col
              source="phoneMobile"
              disableSort
              render={(worker: MinistryWorker) => formatPhone(worker.phoneMobile)}
            />
          )}
        </DataTable>
      )}
    </List>
  );
}
