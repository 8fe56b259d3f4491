import { useQueryClient } from '@tanstack/react-query';
import { Edit, Toolbar, useCanAccess, useNotify } from 'react-admin';
import { ChurchWideNote } from '../../../ui/ChurchWideNote';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { useCanWrite } from '../../../routing/useCanWrite';
import { useChangesChurchWide } from '../../../routing/useChangesChurchWide';
import { ChurchInputs } from './ChurchInputs';
import { SelfUpdateSettingsCard } from './SelfUpdateSettingsCard';
import { EmailSettingsCard } from './EmailSettingsCard';
import { TwoFactorPolicyCard } from './TwoFactorPolicyCard';

/** The church is a singleton: one record, read and written at /api/church. */
const CHURCH_ID = 1;

interface Church {
  id: number;
  name: string;
  logo: string | null;
  updatedAt?: string;
  [field: string]: unknown;
}

/** What the secretary edits goes back; the id and the update time are the server's. */
const payload = ({ id: _id, updatedAt: _updated, ...fields }: Church) => fields;

function ChurchToolbar() {
  return (
    <Toolbar>
      <FormSaveButton />
    </Toolbar>
  );
}

/**
 * /configuracoes/igreja: open to every signed-in user, editable with secretary access by a user
 * not limited to congregations.
 */
export default function ChurchEdit() {
  const writable = useCanWrite();
  const churchWide = useChangesChurchWide();
  // A secretary limited to congregations reads the church's data but changes none (issue 24).
  const limited = useCanAccess({ action: 'scope_limited' }).canAccess === true;
  const notify = useNotify();
  const queryClient = useQueryClient();
  const onSuccess = () => {
    // The app bar and the login page show the church's name and logo.
    void queryClient.invalidateQueries({ queryKey: ['church', 'public'] });
    notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
  };
  return (
    <>
      <Edit
        id={CHURCH_ID}
        redirect={false}
        mutationMode="pessimistic"
        mutationOptions={{ onSuccess }}
        transform={payload}
        actions={false}
        title="resources.configuracoes/igreja.title"
      >
        <SimpleForm toolbar={writable ? <ChurchToolbar /> : false}>
          {limited && <ChurchWideNote whole />}
          <ChurchInputs readOnly={!writable} churchWide={churchWide} />
        </SimpleForm>
      </Edit>
      {/* Admins (always of the whole church): the requirement of a second factor, issue 22. */}
      {churchWide && <TwoFactorPolicyCard />}
      {/* The member's self-update (issue 28): a link's days and the fields a member may change. */}
      {churchWide && <SelfUpdateSettingsCard />}
      {/* The church's e-mail (issue 28): its writers of the whole church. */}
      {writable && !limited && <EmailSettingsCard />}
    </>
  );
}
