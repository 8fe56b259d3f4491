// react-admin's unsaved-changes warning (useWarnWhenUnsavedChanges), with one difference: a
// navigation while the form is being saved is the save's own redirect, never a loss. (react-admin
// redirects from the save's success, before the form counts as submitted; its prompt would then
// ask "discard?" right after a successful save.)
import { useEffect } from 'react';
import { type Control, useFormState } from 'react-hook-form';
import { useBlocker, useTranslate } from 'react-admin';

export function UnsavedChangesGuard({
  enable = true,
  formRootPathName,
  formControl,
}: {
  enable?: boolean;
  formRootPathName?: string;
  formControl?: Control;
}) {
  const translate = useTranslate();
  const { isSubmitSuccessful, isSubmitting, dirtyFields } = useFormState(
    formControl ? { control: formControl } : undefined,
  );
  const isDirty = Object.keys(dirtyFields).length > 0;
  const safe = !enable || !isDirty || isSubmitting || isSubmitSuccessful;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (safe) return false;
    // Within the form (its tabs) is not leaving it.
    const root = formRootPathName || currentLocation.pathname;
    const inside = nextLocation.pathname.startsWith(root);
    const show = nextLocation.pathname.startsWith(`${root}/show`);
    return !(inside && !show);
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (safe || window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed?.();
    else blocker.reset?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the blocker changes every render
  }, [blocker.state, safe, translate]);

  // Closing the tab or reloading: the browser's own question.
  useEffect(() => {
    if (safe) return;
    const beforeunload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', beforeunload);
    return () => window.removeEventListener('beforeunload', beforeunload);
  }, [safe]);

  return null;
}
