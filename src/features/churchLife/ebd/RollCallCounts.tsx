// A chamada's counts: visitors counted without a name, Bíblias, revistas and the class's offering
// (centavos, exact). The server checks them against who is present; its messages show at the fields.
import { Box, Card, CardContent, Typography } from '@mui/material';
import {
  Form,
  NumberInput,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { camelCaseKeys } from '../../../providers/case';
import { FormSaveButton } from '../../../ui/FormToolbar';
import { MoneyInput } from '../../../ui/inputs';
import type { RollCall } from './types';

const R = 'resources.igreja/ebd/chamadas';
const RESOURCE = 'igreja/ebd/chamadas';

export function RollCallCounts({ rollCall, onSaved }: { rollCall: RollCall; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const save = async (values: Record<string, unknown>) => {
    const data = {
      countVisitors: values.countVisitors ?? null,
      countBibles: values.countBibles ?? null,
      countMagazines: values.countMagazines ?? null,
      offeringCents: values.offeringCents ?? null,
      notes: values.notes ?? null,
    };
    try {
      await dataProvider.update(RESOURCE, { id: rollCall.id, data, previousData: rollCall });
      notify(`${R}.counts_saved`, { type: 'success' });
      onSaved();
      return undefined;
    } catch (error) {
      const errors = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (errors) return camelCaseKeys<Record<string, string>>(errors);
      notify((error as Error).message, { type: 'error' });
      return undefined;
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${R}.counts_title`)}
        </Typography>
        <Typography variant="body2" color="textSecondary" gutterBottom>
          {translate(`${R}.counts_help`)}
        </Typography>
        <Form
          disableInvalidFormNotification
          onSubmit={save}
          record={{
            countVisitors: rollCall.countVisitors,
            countBibles: rollCall.countBibles,
            countMagazines: rollCall.countMagazines,
            offeringCents: rollCall.offeringCents,
            notes: rollCall.notes,
          }}
          resource={RESOURCE}
          noValidate
        >
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
              columnGap: 2,
              mt: 1,
            }}
          >
            <NumberInput source="countVisitors" min={0} step={1} />
            <NumberInput source="countBibles" min={0} step={1} />
            <NumberInput source="countMagazines" min={0} step={1} />
            <MoneyInput source="offeringCents" />
          </Box>
          <TextInput source="notes" multiline minRows={2} fullWidth />
          <FormSaveButton label={`${R}.counts_save`} />
        </Form>
      </CardContent>
    </Card>
  );
}
