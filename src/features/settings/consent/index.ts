import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** The consent texts (issue 13): one page, the current text and the versions kept. */
export const consentVersions: ScreenSet = {
  icon: PrivacyTipIcon,
  list: lazyScreen(() => import('./ConsentVersionsPage')),
};
