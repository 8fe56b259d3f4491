import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Button, useListContext } from 'react-admin';

/** Removes every filter of the list (shown only while some is set). */
export function ClearFiltersButton() {
  const { filterValues, setFilters } = useListContext();
  if (Object.keys(filterValues).length === 0) return null;
  return (
    <Button label="ra.action.remove_all_filters" onClick={() => setFilters({}, [])}>
      <FilterAltOffIcon />
    </Button>
  );
}
