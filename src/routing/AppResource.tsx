// One wrapper for every resource (DESIGN §6): react-admin's <Resource> with Portuguese child
// routes — `cadastrar` (create), `:id` (detail), `:id/editar` (edit) — instead of its own
// `create`, `:id/show` and `:id`. Static `cadastrar` outranks `:id` in react-router's matching.
import type { ComponentType } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { Resource } from 'react-admin';
import { CREATE_SEGMENT, EDIT_SEGMENT } from './paths';
import type { ResourceEntry } from '../../domain/resources';
import { NotFound } from './NotFound';

export interface ResourceScreens {
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  recordRepresentation?: string | ((record: Record<string, unknown>) => string);
}

/** Returns a <Resource> element (not a component: <Admin> inspects its direct children). */
export function appResource(entry: ResourceEntry, screens: ResourceScreens) {
  const { list: List, create: Create, edit: Edit, show: Show } = screens;
  return (
    <Resource
      key={entry.name}
      name={entry.name}
      list={List}
      hasCreate={Boolean(Create)}
      hasEdit={Boolean(Edit)}
      hasShow={Boolean(Show)}
      recordRepresentation={screens.recordRepresentation}
    >
      {Create && <Route path={`${CREATE_SEGMENT}/*`} element={<Create />} />}
      {Edit && <Route path={`:id/${EDIT_SEGMENT}/*`} element={<Edit />} />}
      {Show && <Route path={Edit ? ':id/*' : ':id'} element={<Show />} />}
      {!Show && Edit && <Route path=":id" element={<Navigate to={EDIT_SEGMENT} replace />} />}
      {/* What SPEC §2 does not list (e.g. /contas-bancarias/1/editar, /lancamentos/1) is not
          found, rather than react-admin's list, which answers every other sub-path. */}
      {!(Show && Edit) && <Route path=":id/*" element={<NotFound />} />}
    </Resource>
  );
}
