import { TopToolbar } from 'react-admin';
import { CreatePathButton } from '../../routing/links';
import { useCanWrite } from '../../routing/useCanWrite';
import { MemberExportButton } from './MemberExportButton';
import { MemberFilterDrawerButton } from './MemberFilterDrawerButton';

export function MemberListActions({ filtersInDrawer }: { filtersInDrawer: boolean }) {
  const writable = useCanWrite();
  return (
    <TopToolbar>
      {filtersInDrawer && <MemberFilterDrawerButton />}
      {writable && <CreatePathButton />}
      {/* The full list with CPFs and phones leaves the system: secretary access only (LGPD). */}
      {writable && <MemberExportButton />}
    </TopToolbar>
  );
}
