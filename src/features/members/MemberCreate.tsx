import { Create } from 'react-admin';
import { redirectToShow } from '../../ui/links';
import { MemberForm } from './MemberForm';
import { memberPayload } from './memberTransform';

export default function MemberCreate() {
  return (
    <Create redirect={redirectToShow} transform={memberPayload}>
      <MemberForm creating />
    </Create>
  );
}
