import GavelIcon from '@mui/icons-material/Gavel';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** The register of the data subjects' requests (issue 13). */
export const privacyRequests: ScreenSet = {
  icon: GavelIcon,
  list: lazyScreen(() => import('./PrivacyRequestList')),
  create: lazyScreen(() => import('./PrivacyRequestCreate')),
  edit: lazyScreen(() => import('./PrivacyRequestEdit')),
  recordRepresentation: 'holderName',
};
