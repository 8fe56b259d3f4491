// /igreja/celulas: the office's tree of each congregation (rede › setor › célula, in order), and a
// líder's own cells — the server answers each only what he may read. Phone-first: one line per
// cell with its meeting and last report; above, the reports that are late. It is a líder's home:
// below his cells, the EBD classes he teaches.
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { Box, Button, type Theme, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  List,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useTranslate,
  type TranslateFunction,
} from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { SearchBox } from '../../../ui/inputs';
import { currentCongregationIds } from '../../../providers/session';
import { CreatePathButton, RowLink, rowToShow } from '../../../ui/links';
import { MyClasses } from '../ebd/MyClasses';
import { MyCultos } from '../MyCultos';
import { useLevelChoices } from './CellInputs';
import { LevelNamesDialog } from './LevelNamesDialog';
import { OverdueCells } from './OverdueCells';
import { type Cell, T } from './types';

const filters = [<SearchBox key="q" source="q" alwaysOn />];

/** "Quarta-feira, 20:00 · último relatório 12/03/2026". */
export function meetingText(cell: Cell, translate: TranslateFunction): string {
  const meets =
    cell.weekdayName === null
      ? translate(`${T}.no_meeting`)
      : translate(cell.time ? `${T}.meets` : `${T}.meets_day`, {
          weekday: cell.weekdayName,
          time: cell.time,
        });
  const report = cell.lastReportOn
    ? translate(`${T}.last_report`, { date: formatDate(cell.lastReportOn) })
    : translate(`${T}.no_report`);
  return cell.level === 'cell' ? `${meets} · ${report}` : cell.levelName;
}

/** Indented by its depth in the tree, so the list reads as the tree. */
const depthOf = (cell: Cell) => cell.path.split(' › ').length - 1;

/** The office's actions: a new node, and (the whole church's office) the levels' names. */
function OfficeActions() {
  const translate = useTranslate();
  const levels = useLevelChoices();
  // The names reach every congregation: the office of the whole church renames them.
  const wholeChurch = currentCongregationIds().length === 0;
  const [renaming, setRenaming] = useState(false);
  return (
    <TopToolbar>
      {wholeChurch && (
        <Button startIcon={<AccountTreeIcon />} onClick={() => setRenaming(true)}>
          {translate(`${T}.levels_title`)}
        </Button>
      )}
      <CreatePathButton />
      {renaming && <LevelNamesDialog levels={levels} onClose={() => setRenaming(false)} />}
    </TopToolbar>
  );
}

export default function CellList() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { canAccess: office } = useCanAccess({ action: 'write', resource: 'igreja/celulas' });
  const inactive = (cell: Cell) => (cell.active ? '' : ` · ${translate(`${T}.inactive`)}`);
  return (
    <>
      <Box sx={{ mt: 2 }}>
        <OverdueCells />
      </Box>
      <List
        filters={office ? filters : undefined}
        // A líder's list is his cells, a few: no search, nothing to create.
        actions={office ? <OfficeActions /> : false}
        sort={{ field: 'path', order: 'ASC' }}
        perPage={100}
        empty={office ? <EmptyList /> : <Box sx={{ p: 2 }}>{translate(`${T}.mine_empty`)}</Box>}
      >
        {phone || !office ? (
          <SimpleList<Cell>
            primaryText={(cell) => (office ? cell.path : cell.name)}
            secondaryText={(cell) => `${meetingText(cell, translate)}${inactive(cell)}`}
            rowClick={rowToShow}
          />
        ) : (
          <DataTable rowClick={rowToShow} bulkActionButtons={false}>
            <DataTable.Col
              source="path"
              render={(cell: Cell) => (
                <Box sx={{ pl: depthOf(cell) * 3 }}>
                  <RowLink source="name" />
                </Box>
              )}
            />
            <DataTable.Col source="levelName" disableSort />
            <DataTable.Col source="leaderName" disableSort />
            <DataTable.Col
              source="weekday"
              render={(cell: Cell) =>
                cell.level === 'cell' ? `${meetingText(cell, translate)}${inactive(cell)}` : ''
              }
            />
            <DataTable.Col
              source="memberCount"
              disableSort
              render={(cell: Cell) => (cell.level === 'cell' ? cell.memberCount : '')}
            />
            <DataTable.Col source="congregationName" />
          </DataTable>
        )}
      </List>
      {office === false && <MyClasses />}
      {office === false && <MyCultos />}
    </>
  );
}
