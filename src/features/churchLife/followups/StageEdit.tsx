import { Edit } from 'react-admin';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { StageInputs } from './StageInputs';
import type { FollowupStage } from './types';

/** Only what the secretary edits goes back. */
const payload = ({ name, dueDays, sortOrder, active }: FollowupStage) => ({
  name,
  dueDays,
  sortOrder,
  active,
});

export default function StageEdit() {
  return (
    <Edit redirect={redirectToList} mutationMode="pessimistic" transform={payload} actions={false}>
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <StageInputs editing />
      </SimpleForm>
    </Edit>
  );
}
