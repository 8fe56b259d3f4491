import { useState } from 'react';
// The congregation filter of every report (issue 12): narrows the report inside the app bar's
// view. Shown only when there is more than one congregation to choose from.
import { Checkbox, FormControlLabel } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { FilterSelect, useFilter } from './ReportFilterFields';

interface CongregationChoice {
  id: number;
  name: string;
}

/** The congregations the signed-in user may pick (GET /api/congregations), by name. */
export function useCongregationChoices(): CongregationChoice[] {
  const { data = [] } = useGetList<CongregationChoice>(
    'congregations',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { retry: false },
  );
  return data;
}

export function CongregationFilter() {
  const choices = useCongregationChoices();
  if (choices.length < 2) return null;
  return (
    <FilterSelect
      source="congregationId"
      label="adam.reports.congregation"
      choices={choices}
      emptyLabel="adam.reports.all_congregations"
      minWidth={240}
    />
  );
}

/**
 * "With the congregations below it" (include_subtree): a sede with its sub-tree. Shown once a
 * congregation is chosen; without one the report is already the whole view.
 */
export function SubtreeFilter() {
  const translate = useTranslate();
  const { values, set } = useFilter();
  // The box shows the click at once; the list's filter (kept in the address) follows a moment
  // later, and from then on it alone decides.
  const filtered = values.includeSubtree === true;
  const [clicked, setClicked] = useState<boolean | null>(null);
  if (clicked !== null && clicked === filtered) setClicked(null);
  const checked = clicked ?? filtered;
  if (values.congregationId === undefined) return null;
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={checked}
          onChange={(event) => {
            setClicked(event.target.checked);
            set({ includeSubtree: event.target.checked || undefined });
          }}
        />
      }
      label={translate('adam.reports.include_subtree')}
    />
  );
}
