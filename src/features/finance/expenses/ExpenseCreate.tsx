import { Create } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { todayIso } from '../../../../domain/dates';
import { FormToolbar } from '../../../ui/FormToolbar';
import { ExpenseInputs } from './ExpenseInputs';
import { formDefaults } from './types';
import { useReceiptUpload } from './useReceiptUpload';

export default function ExpenseCreate() {
  const { transform, mutationOptions } = useReceiptUpload('ra.notification.created');
  return (
    <Create transform={transform} mutationOptions={mutationOptions}>
      <SimpleForm
        defaultValues={{ ...formDefaults(), date: todayIso(), paidOn: todayIso() }}
        toolbar={<FormToolbar />}
      >
        <ExpenseInputs />
      </SimpleForm>
    </Create>
  );
}
