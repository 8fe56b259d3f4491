import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

export const customFields: ScreenSet = {
  icon: DynamicFormIcon,
  list: lazyScreen(() => import('./CustomFieldList')),
  create: lazyScreen(() => import('./CustomFieldCreate')),
  edit: lazyScreen(() => import('./CustomFieldEdit')),
  recordRepresentation: 'label',
};
