// The sign-in page, loaded when it is shown: a signed-in user's first load does not carry it.
import { Suspense, lazy } from 'react';

const Page = lazy(() => import('./LoginPage').then((module) => ({ default: module.LoginPage })));

export function LoginPage() {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
