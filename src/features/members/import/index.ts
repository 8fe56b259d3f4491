import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** /membros/importar: the member import wizard (secretary access; linked from the list). */
export const memberImport: ScreenSet = {
  icon: UploadFileIcon,
  list: lazyScreen(() => import('./MemberImport')),
};
