import { Edit, TopToolbar } from 'react-admin';
import { ShowPathButton, redirectToShow } from '../../ui/links';
import { useRecordQueryOptions } from '../../routing/useRecordQueryOptions';
import { MemberForm } from './MemberForm';
import { memberPayload } from './memberTransform';

function MemberEditActions() {
  return (
    <TopToolbar>
      <ShowPathButton />
    </TopToolbar>
  );
}

export default function MemberEdit() {
  const queryOptions = useRecordQueryOptions();
  return (
    <Edit
      queryOptions={queryOptions}
      redirect={redirectToShow}
      mutationMode="pessimistic"
      transform={memberPayload}
      actions={<MemberEditActions />}
    >
      <MemberForm creating={false} />
    </Edit>
  );
}
