import { Edit, TopToolbar, useRecordContext } from 'react-admin';
import { SimpleForm } from '../../../ui/forms';
import { ShowPathButton, redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { IncomeInputs } from './IncomeInputs';
import { CountOrigin } from './CountOrigin';
import { type Income, incomePayload } from './types';

function Actions() {
  return (
    <TopToolbar>
      <ShowPathButton />
    </TopToolbar>
  );
}

/** The form, or (for an income a count wrote, reached by its address) why it cannot change. */
function Body() {
  const income = useRecordContext<Income>();
  if (income?.offeringCountId) return <CountOrigin />;
  return (
    <SimpleForm toolbar={<FormToolbar deletable />}>
      <IncomeInputs />
    </SimpleForm>
  );
}

export default function IncomeEdit() {
  return (
    <Edit
      redirect={redirectToShow}
      mutationMode="pessimistic"
      transform={incomePayload}
      actions={<Actions />}
    >
      <Body />
    </Edit>
  );
}
