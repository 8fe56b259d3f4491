import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { Box } from '@mui/material';
import { FilterLiveForm, TopToolbar } from 'react-admin';
import { PAPER_IMPORT_PATH } from '../../../domain/access';
import { INPUT_DEBOUNCE_MS } from '../../../domain/constants';
import { LabeledButton } from '../../ui/LabeledButton';
import { CreatePathButton } from '../../ui/links';
import { useCanWrite } from '../../routing/useCanWrite';
import { useReadsWhole } from '../../routing/useReadsWhole';
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
  // Without secretary access the server searches names only (issue 13).
  const whole = useReadsWhole();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center', width: '100%' }}>
      <Box sx={{ mr: 'auto', flex: { xs: '1 1 100%', sm: '0 1 320px' }, minWidth: 0 }}>
        <FilterLiveForm debounce={INPUT_DEBOUNCE_MS}>
          <SearchBox
            source="q"
            placeholder={whole ? 'resources.membros.filters.q' : 'resources.membros.filters.q_name'}
            fullWidth
          />
        </FilterLiveForm>
      </Box>
      {filtersInDrawer && <MemberFilterDrawerButton />}
      {writable && <CreatePathButton />}
      {/* Issue 14: a spreadsheet of members brought in at once. */}
      {writable && <MemberImportButton />}
      {/* The full list with CPFs and phones leaves the system: secretary access only (LGPD). */}
      {writable && <MemberExportButton />}
      {writable && (
        <LabeledButton label="adam.paper_import.title" to={PAPER_IMPORT_PATH}>
          <HistoryEduIcon />
        </LabeledButton>
      )}
    </TopToolbar>
  );
}
