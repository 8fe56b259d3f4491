import { Edit } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { PositionInputs } from './PositionInputs';
import type { Position } from './types';

/** Only what the secretary edits goes back (member_count is the server's). */
const payload = ({ name, ministerial, sortOrder }: Position) => ({ name, ministerial, sortOrder });

export default function PositionEdit() {
  return (
    <Edit redirect={redirectToList} mutationMode="pessimistic" transform={payload} actions={false}>
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <PositionInputs />
      </SimpleForm>
    </Edit>
  );
}
