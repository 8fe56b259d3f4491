import { Box } from '@mui/material';
import { FilterLiveForm, TopToolbar } from 'react-admin';
import { INPUT_DEBOUNCE_MS } from '../../../domain/constants';
import { CreatePathButton } from '../../routing/links';
import { useCanWrite } from '../../routing/useCanWrite';
import { SearchBox } from '../../ui/inputs';
import { MemberExportButton } from './MemberExportButton';
import { MemberFilterDrawerButton } from './MemberFilterDrawerButton';
import { MemberImportButton } from './MemberImportButton';

/**
 * Above the list: the search box first (the first stop of the keyboard after the menu, on every
 * width), then the filters button (narrow screens), "Cadastrar" and the export.
 */
export function MemberListActions({ filtersInDrawer }: { filtersInDrawer: boolean }) {
  const writable = useCanWrite();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center', width: '100%' }}>
      <Box sx={{ mr: 'auto', flex: { xs: '1 1 100%', sm: '0 1 320px' }, minWidth: 0 }}>
        <FilterLiveForm debounce={INPUT_DEBOUNCE_MS}>
          <SearchBox source="q" placeholder="resources.membros.filters.q" fullWidth />
        </FilterLiveForm>
      </Box>
      {filtersInDrawer && <MemberFilterDrawerButton />}
      {writable && <CreatePathButton />}
      {/* Issue 14: a spreadsheet of members brought in at once. */}
      {writable && <MemberImportButton />}
      {/* The full list with CPFs and phones leaves the system: secretary access only (LGPD). */}
      {writable && <MemberExportButton />}
    </TopToolbar>
  );
}
