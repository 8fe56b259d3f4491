import { Edit, useRecordContext } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { redirectToList } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { CongregationInputs } from './CongregationInputs';
import type { Congregation } from './types';

/** Only what the admin edits goes back (parent_name and the timestamps are the server's). */
const payload = ({
  id: _id,
  parentName: _parentName,
  registrationUrl: _registrationUrl,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...fields
}: Congregation & { createdAt?: string; updatedAt?: string }) => fields;

/** The sede is never deleted: its form has no delete button. */
function CongregationToolbar() {
  const record = useRecordContext<Congregation>();
  return <FormToolbar deletable={record?.kind !== 'sede'} />;
}

export default function CongregationEdit() {
  return (
    <Edit redirect={redirectToList} mutationMode="pessimistic" transform={payload} actions={false}>
      <SimpleForm toolbar={<CongregationToolbar />}>
        <CongregationInputs />
      </SimpleForm>
    </Edit>
  );
}
