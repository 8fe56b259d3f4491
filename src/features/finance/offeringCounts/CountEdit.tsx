import { Alert } from '@mui/material';
import { Edit, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ShowPathButton, redirectToShow } from '../../../ui/links';
import { FormToolbar } from '../../../ui/FormToolbar';
import { SimpleForm } from '../../../ui/forms';
import { CountInputs } from './CountInputs';
import { type OfferingCount, countPayload } from './types';

function Actions() {
  return (
    <TopToolbar>
      <ShowPathButton />
    </TopToolbar>
  );
}

/** A closed count is not a form any more: it says so, and its page has the adjustment. */
function Body() {
  const count = useRecordContext<OfferingCount>();
  const translate = useTranslate();
  if (count?.status === 'closed') {
    return <Alert severity="info">{translate('adam.finance.counts.closed_no_edit')}</Alert>;
  }
  return (
    <SimpleForm toolbar={<FormToolbar deletable />}>
      <CountInputs />
    </SimpleForm>
  );
}

export default function CountEdit() {
  return (
    <Edit
      redirect={redirectToShow}
      mutationMode="pessimistic"
      transform={countPayload}
      actions={<Actions />}
    >
      <Body />
    </Edit>
  );
}
