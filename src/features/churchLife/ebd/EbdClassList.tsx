// /igreja/ebd: the EBD's classes of the user's congregations, newest trimestre first, with their
// teachers and students; the Sunday summary a click away. A teacher (a líder, issue 26) sees the
// classes he teaches, one line each, as on a phone.
import SummarizeIcon from '@mui/icons-material/Summarize';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import {
  DataTable,
  List,
  SelectInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { EBD_SUMMARY_PATH } from '../../../../domain/access';
import { QUARTERS } from '../../../../domain/ebd';
import { EmptyList } from '../../../ui/EmptyList';
import { LabeledButton } from '../../../ui/LabeledButton';
import { CreatePathButton, RowLink, rowToShow } from '../../../ui/links';
import { SearchBox } from '../../../ui/inputs';
import { useCanWrite } from '../../../routing/useCanWrite';
import type { EbdClass } from './types';

const R = 'resources.igreja/ebd';

const filters = [
  <SearchBox key="q" source="q" alwaysOn />,
  <TextInput key="year" source="year" type="number" alwaysOn sx={{ width: 110 }} />,
  <SelectInput
    key="quarter"
    source="quarter"
    choices={QUARTERS.map((quarter) => ({ id: String(quarter), name: `${quarter}º` }))}
    alwaysOn
  />,
];

function Actions() {
  const writable = useCanWrite();
  return (
    <TopToolbar>
      <LabeledButton to={EBD_SUMMARY_PATH} label={`${R}.summary`}>
        <SummarizeIcon />
      </LabeledButton>
      {writable && <CreatePathButton />}
    </TopToolbar>
  );
}

export default function EbdClassList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const office = useCanWrite();
  const teachers = (ebdClass: EbdClass) =>
    ebdClass.teacherNames.join(', ') || translate(`${R}.teachers_none`);
  const details = (ebdClass: EbdClass) =>
    [
      ebdClass.quarterLabel,
      ebdClass.ageGroup,
      ebdClass.congregationName,
      translate(`${R}.enrolled`, { smart_count: ebdClass.enrolledCount }),
      ebdClass.active ? null : translate(`${R}.inactive`),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <List
      filters={office ? filters : undefined}
      // A teacher's list is his classes, a few: no search, nothing to create, no summary.
      actions={office ? <Actions /> : false}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      empty={office ? <EmptyList /> : <Box sx={{ p: 2 }}>{translate(`${R}.mine_empty`)}</Box>}
    >
      {phone || !office ? (
        <SimpleList<EbdClass>
          primaryText={(ebdClass) => ebdClass.name}
          secondaryText={(ebdClass) => `${details(ebdClass)} · ${teachers(ebdClass)}`}
          rowClick={rowToShow}
        />
      ) : (
        <DataTable rowClick={rowToShow} bulkActionButtons={false}>
          <DataTable.Col source="name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col source="quarterLabel" disableSort />
          <DataTable.Col source="ageGroup" disableSort />
          <DataTable.Col source="congregationName" disableSort />
          <DataTable.Col
            source="teacherNames"
            disableSort
            render={(ebdClass: EbdClass) => teachers(ebdClass)}
          />
          <DataTable.Col source="enrolledCount" align="right" disableSort />
          <DataTable.Col
            source="active"
            disableSort
            render={(ebdClass: EbdClass) =>
              translate(ebdClass.active ? 'ra.boolean.true' : 'ra.boolean.false')
            }
          />
        </DataTable>
      )}
    </List>
  );
}
