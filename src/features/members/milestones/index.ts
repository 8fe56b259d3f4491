import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** /membros/certificados: a baptism service's certificates and the ones issued lately. */
export const certificates: ScreenSet = {
  icon: WorkspacePremiumIcon,
  list: lazyScreen(() => import('./CertificateBatchPage')),
};
