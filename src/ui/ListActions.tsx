import type { ReactNode } from 'react';
import { FilterButton, TopToolbar } from 'react-admin';
import { CreatePathButton } from './links';
import { useCanWrite } from '../routing/useCanWrite';

/** A finance list's toolbar: filters, its own buttons, and "Cadastrar" for those who may write. */
export function ListActions({
  children,
  create = true,
}: {
  children?: ReactNode;
  create?: boolean;
}) {
  const writable = useCanWrite();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      {children}
      {create && writable && <CreatePathButton />}
    </TopToolbar>
  );
}
