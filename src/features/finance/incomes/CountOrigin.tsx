import { Alert, Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDate } from '../../../../domain/formats';
import { paths } from '../../../routing/paths';
import type { Income } from './types';

/**
 * Why an income written by a count has no edit nor delete: the count is its record, corrected
 * by an adjusting count (the server refuses a change by hand with the same words).
 */
export function CountOrigin() {
  const income = useRecordContext<Income>();
  const translate = useTranslate();
  if (!income?.offeringCountId || !income.offeringCountDate) return null;
  return (
    <Alert
      severity="info"
      sx={{ mt: 2 }}
      action={
        <Button
          component={Link}
          to={paths.show('financeiro/contagens', income.offeringCountId)}
          color="inherit"
          size="small"
        >
          {translate('adam.finance.open_count')}
        </Button>
      }
    >
      {translate('adam.finance.income_from_count', {
        date: formatDate(income.offeringCountDate),
      })}
    </Alert>
  );
}
