import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const expenses: ScreenSet = {
  icon: ReceiptLongIcon,
  list: lazyScreen(() => import('./ExpenseList')),
  create: lazyScreen(() => import('./ExpenseCreate')),
  edit: lazyScreen(() => import('./ExpenseEdit')),
  show: lazyScreen(() => import('./ExpenseShow')),
  recordRepresentation: 'description',
};
