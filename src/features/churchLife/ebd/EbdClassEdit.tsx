import { Edit } from 'react-admin';
import { redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { EbdClassInputs } from './EbdClassInputs';
import type { EbdClass } from './types';

/** Only what the secretary edits goes back (the names and counts are the server's). */
const EDITED = [
  'name',
  'congregationId',
  'year',
  'quarter',
  'ageGroup',
  'ageMin',
  'ageMax',
  'magazine',
  'teacherIds',
  'active',
] as const;
const payload = (ebdClass: EbdClass) =>
  Object.fromEntries(EDITED.map((field) => [field, ebdClass[field]]));

export default function EbdClassEdit() {
  return (
    <Edit redirect={redirectToShow} mutationMode="pessimistic" transform={payload} actions={false}>
      <SimpleForm toolbar={<FormToolbar deletable />}>
        <EbdClassInputs editing />
      </SimpleForm>
    </Edit>
  );
}
