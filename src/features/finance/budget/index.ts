import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import type { ScreenSet } from '../../../routing/types';
import { lazyScreen } from '../../../routing/lazyScreen';

/** /financeiro/orcamento: a congregation's orçamento anual, one screen (issue 27). */
export const budget: ScreenSet = {
  icon: RequestQuoteIcon,
  list: lazyScreen(() => import('./BudgetScreen')),
};
