// The congregation filter of every report (issue 12): narrows the report inside the app bar's
// view. Shown only when there is more than one congregation to choose from.
import { useGetList } from 'react-admin';
import { FilterSelect } from './ReportFilterFields';

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
