import CreditCardIcon from '@mui/icons-material/CreditCard';
import { lazy } from 'react';
import type { ScreenSet } from '../../types';

/** Credit cards have no detail page (SPEC §2): list, create and edit. */
export const creditCards: ScreenSet = {
  icon: CreditCardIcon,
  list: lazy(() => import('./CreditCardList')),
  create: lazy(() => import('./CreditCardCreate')),
  edit: lazy(() => import('./CreditCardEdit')),
  recordRepresentation: 'name',
};
