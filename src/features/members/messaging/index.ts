import MailIcon from '@mui/icons-material/MailOutlined';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** /mensagens (issue 28): messages by e-mail and WhatsApp, their audience and per-person log. */
export const messaging: ScreenSet = {
  icon: MailIcon,
  list: lazyScreen(() => import('./MessageList')),
  create: lazyScreen(() => import('./MessageCreate')),
  show: lazyScreen(() => import('./MessageShow')),
  recordRepresentation: 'subject',
};
