import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { useListContext } from 'react-admin';
import { LabeledButton } from '../../ui/LabeledButton';

/** Removes every filter of the list (shown only while some is set). */
export function ClearFiltersButton() {
  const { filterValues, setFilters } = useListContext();
  if (Object.keys(filterValues).length === 0) return null;
  return (
    <LabeledButton label="ra.action.remove_all_filters" onClick={() => setFilters({}, [])}>
      <FilterAltOffIcon />
    </LabeledButton>
  );
}
