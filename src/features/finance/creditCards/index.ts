import CreditCardIcon from '@mui/icons-material/CreditCard';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** Credit cards have no detail page (SPEC §2): list, create and edit. */
export const creditCards: ScreenSet = {
  icon: CreditCardIcon,
  list: lazyScreen(() => import('./CreditCardList')),
  create: lazyScreen(() => import('./CreditCardCreate')),
  edit: lazyScreen(() => import('./CreditCardEdit')),
  recordRepresentation: 'name',
};
