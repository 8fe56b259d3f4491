import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import { lazy } from 'react';
import type { ScreenSet } from '../types';

export const customFields: ScreenSet = {
  icon: DynamicFormIcon,
  list: lazy(() => import('./CustomFieldList')),
  create: lazy(() => import('./CustomFieldCreate')),
  edit: lazy(() => import('./CustomFieldEdit')),
  recordRepresentation: 'label',
};
