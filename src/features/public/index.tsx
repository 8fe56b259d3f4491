// The pages that need no login (SPEC §2: /meu_cadastro; the card check /credencial/{code}; the
// privacy notice /privacidade, issue 13; the member's self-update /atualizar_cadastro/{token} and
// a transfer letter's confirmation, issue 28): outside the admin layout and its guard, so they
// never ask for a session.
import { lazyScreen } from '../../routing/lazyScreen';
import { Route } from 'react-router-dom';
import {
  PRIVACY_PATH,
  REGISTRATION_PATH,
  SELF_UPDATE_PATH,
  TRANSFER_CONFIRMATION_PATH,
  UNSUBSCRIBE_PATH,
} from '../../routing/publicPaths';

const RegistrationPage = lazyScreen(() => import('./RegistrationPage'));
const CredentialCheckPage = lazyScreen(() => import('./CredentialCheckPage'));
const PrivacyPage = lazyScreen(() => import('./PrivacyPage'));
const SelfUpdatePage = lazyScreen(() => import('./SelfUpdatePage'));
const TransferConfirmationPage = lazyScreen(() => import('./TransferConfirmationPage'));
const UnsubscribePage = lazyScreen(() => import('./UnsubscribePage'));

export { PRIVACY_PATH, REGISTRATION_PATH } from '../../routing/publicPaths';

/** <Route> elements for <CustomRoutes noLayout>. */
export const publicRoutes = [
  <Route key="registration" path={REGISTRATION_PATH} element={<RegistrationPage />} />,
  <Route key="credential" path="/credencial/:code" element={<CredentialCheckPage />} />,
  <Route key="privacy" path={PRIVACY_PATH} element={<PrivacyPage />} />,
  <Route key="self-update" path={`${SELF_UPDATE_PATH}/:token`} element={<SelfUpdatePage />} />,
  <Route key="transfer" path={TRANSFER_CONFIRMATION_PATH} element={<TransferConfirmationPage />} />,
  <Route key="unsubscribe" path={`${UNSUBSCRIBE_PATH}/:token`} element={<UnsubscribePage />} />,
];
