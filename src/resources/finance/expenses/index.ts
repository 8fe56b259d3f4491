import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';
import type { ScreenSet } from '../../types';

export const expenses: ScreenSet = {
  icon: ReceiptLongIcon,
  list: lazy(() => import('./ExpenseList')),
  create: lazy(() => import('./ExpenseCreate')),
  edit: lazy(() => import('./ExpenseEdit')),
  show: lazy(() => import('./ExpenseShow')),
  recordRepresentation: 'description',
};
