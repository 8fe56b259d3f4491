import { Edit } from 'react-admin';
import { redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { CellInputs } from './CellInputs';
import type { Cell } from './types';

/** Only what the office edits goes back (the names, the path and the history are the server's). */
const payload = (cell: Cell) => ({
  name: cell.name,
  congregationId: cell.congregationId,
  level: cell.level,
  parentId: cell.parentId,
  leaderId: cell.leaderId,
  coLeaderId: cell.coLeaderId,
  hostAddress: cell.hostAddress,
  weekday: cell.weekday,
  time: cell.time,
  active: cell.active,
});

export default function CellEdit() {
  return (
    <Edit redirect={redirectToShow} mutationMode="pessimistic" transform={payload} actions={false}>
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <CellInputs editing />
      </SimpleForm>
    </Edit>
  );
}
