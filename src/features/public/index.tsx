// The pages that need no login (SPEC §2: /meu_cadastro; the card check /credencial/{code}):
// outside the admin layout and its guard, so they never ask for a session.
import { lazy } from 'react';
import { Route } from 'react-router-dom';

const RegistrationPage = lazy(() => import('./RegistrationPage'));
const CredentialCheckPage = lazy(() => import('./CredentialCheckPage'));

export const REGISTRATION_PATH = '/meu_cadastro';

/** <Route> elements for <CustomRoutes noLayout>. */
export const publicRoutes = [
  <Route key="registration" path={REGISTRATION_PATH} element={<RegistrationPage />} />,
  <Route key="credential" path="/credencial/:code" element={<CredentialCheckPage />} />,
];
