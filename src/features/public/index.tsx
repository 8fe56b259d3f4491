// The pages that need no login (SPEC §2: /meu_cadastro; the card check /credencial/{code}; the
// privacy notice /privacidade, issue 13): outside the admin layout and its guard, so they never
// ask for a session.
import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { PRIVACY_PATH, REGISTRATION_PATH } from '../../routing/publicPaths';

const RegistrationPage = lazy(() => import('./RegistrationPage'));
const CredentialCheckPage = lazy(() => import('./CredentialCheckPage'));
const PrivacyPage = lazy(() => import('./PrivacyPage'));

export { PRIVACY_PATH, REGISTRATION_PATH } from '../../routing/publicPaths';

/** <Route> elements for <CustomRoutes noLayout>. */
export const publicRoutes = [
  <Route key="registration" path={REGISTRATION_PATH} element={<RegistrationPage />} />,
  <Route key="credential" path="/credencial/:code" element={<CredentialCheckPage />} />,
  <Route key="privacy" path={PRIVACY_PATH} element={<PrivacyPage />} />,
];
