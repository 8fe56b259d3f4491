import { Edit } from 'react-admin';
import { redirectToList } from '../../ui/links';
import { FormToolbar } from '../../ui/FormToolbar';
import { SimpleForm } from '../../ui/forms';
import { ServiceHosts } from './ServiceHosts';
import { ServiceInputs } from './ServiceInputs';
import type { WorshipService } from './types';

/** Only what the secretary edits goes back (the names are the server's). */
const payload = ({ name, congregationId, weekday, time, active }: WorshipService) => ({
  name,
  congregationId,
  weekday,
  time,
  active,
});

export default function ServiceEdit() {
  return (
    <Edit redirect={redirectToList} mutationMode="pessimistic" transform={payload} actions={false}>
      <>
        <SimpleForm toolbar={<FormToolbar deletable />}>
          <ServiceInputs editing />
        </SimpleForm>
        <ServiceHosts />
      </>
    </Edit>
  );
}
