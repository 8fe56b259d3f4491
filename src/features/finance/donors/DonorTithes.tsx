import { Card, CardContent, Typography } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { addMonths, todayIso } from '../../../../domain/dates';
import {
  MAX_REPORT_MONTHS,
  monthsBetween,
  reportByKey,
  shortMonth,
} from '../../../../domain/reports';
import { TitherFigures, type TitherRow } from '../../../ui/TitheFigures';
import type { Party } from '../parties/types';

/**
 * "Dízimos" on a donor's page (issue 25): his line of the Dizimistas report for the last twelve
 * months — the same figures, from the same API, in the reader's congregations.
 */
export function DonorTithes() {
  const donor = useRecordContext<Party>();
  const translate = useTranslate();
  const today = todayIso();
  const to = today.slice(0, 7);
  const from = addMonths(today, 1 - MAX_REPORT_MONTHS).slice(0, 7);
  const linked = Boolean(donor?.memberId);
  const { data, isPending } = useGetList<TitherRow>(
    reportByKey('tithers').api,
    { filter: { from, to, donorId: donor?.id }, pagination: { page: 1, perPage: 1 } },
    { enabled: linked },
  );
  if (!donor) return null;
  const row = data?.[0];
  return (
    <Card component="section" aria-labelledby="donor-tithes">
      <CardContent>
        <Typography id="donor-tithes" variant="h6" component="h2">
          {translate('adam.reports.tithers.section')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          {translate('adam.reports.tithers.section_period', { month: shortMonth(to) })}
        </Typography>
        {!linked ? (
          <Typography color="textSecondary">
            {translate('adam.reports.tithers.not_linked')}
          </Typography>
        ) : isPending ? null : row ? (
          <TitherFigures row={row} months={monthsBetween(from, to)} />
        ) : (
          <Typography color="textSecondary">{translate('adam.reports.tithers.none')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
