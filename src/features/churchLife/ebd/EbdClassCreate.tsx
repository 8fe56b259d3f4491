import { Create } from 'react-admin';
import { quarterOf } from '../../../../domain/ebd';
import { todayIso } from '../../../../domain/dates';
import { redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { EbdClassInputs } from './EbdClassInputs';

export default function EbdClassCreate() {
  const { year, quarter } = quarterOf(todayIso());
  return (
    <Create redirect={redirectToShow}>
      <SimpleForm toolbar={<FormToolbar />} defaultValues={{ year, quarter, teacherIds: [] }}>
        <EbdClassInputs />
      </SimpleForm>
    </Create>
  );
}
