import { Edit, TopToolbar, useRecordContext } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { ShowPathButton } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { ExpenseInputs } from './ExpenseInputs';
import { type Expense, formDefaults } from './types';
import { useReceiptUpload } from './useReceiptUpload';

function Actions() {
  return (
    <TopToolbar>
      <ShowPathButton />
    </TopToolbar>
  );
}

function ExpenseForm() {
  const expense = useRecordContext<Expense>();
  if (!expense) return null;
  return (
    <SimpleForm defaultValues={formDefaults(expense)} toolbar={<FormToolbar deletable />}>
      <ExpenseInputs />
    </SimpleForm>
  );
}

export default function ExpenseEdit() {
  const { transform, mutationOptions } = useReceiptUpload('ra.notification.updated');
  return (
    <Edit
      mutationMode="pessimistic"
      transform={transform}
      mutationOptions={mutationOptions}
      actions={<Actions />}
    >
      <ExpenseForm />
    </Edit>
  );
}
