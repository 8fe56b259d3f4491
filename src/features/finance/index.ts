// The finance screens, keyed by the registry's names (domain/resources.ts).
import type { ScreenSet } from '../../routing/types';
import { bankAccounts } from './bankAccounts';
import { budget } from './budget';
import { categories } from './categories';
import { creditCards } from './creditCards';
import { donors } from './donors';
import { expenses } from './expenses';
import { funds } from './funds';
import { incomes } from './incomes';
import { offeringCounts } from './offeringCounts';
import { financeOverview } from './overview';
import { payables } from './payables';
import { financePeriods } from './periods';
import { pendingOfferings } from './pendingOfferings';
import { statements } from './statements';
import { transactions } from './transactions';
import { vendors } from './vendors';

export const FINANCE_SCREENS: Record<string, ScreenSet> = {
  'financeiro/visao-geral': financeOverview,
  'financeiro/receitas': incomes,
  'financeiro/contagens': offeringCounts,
  'financeiro/ofertas_a_receber': pendingOfferings,
  'financeiro/despesas': expenses,
  'financeiro/contas-a-pagar': payables,
  'financeiro/lancamentos': transactions,
  'financeiro/contas-bancarias': bankAccounts,
  'financeiro/conciliacao': statements,
  'financeiro/cartoes-de-credito': creditCards,
  'financeiro/fornecedores': vendors,
  'financeiro/contribuintes': donors,
  'financeiro/categorias': categories,
  'financeiro/fundos': funds,
  'financeiro/prestacao-de-contas': financePeriods,
  'financeiro/orcamento': budget,
};
