// The reports of /relatorios (SPEC §2; the sede's, issue 12): their screens, routes and menu entries. They are
// not resources, so they are mounted as routes inside the layout (the guard reads ROUTE_ACCESS).
import type { SvgIconComponent } from '@mui/icons-material';
import BadgeIcon from '@mui/icons-material/Badge';
import CakeIcon from '@mui/icons-material/Cake';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import MailIcon from '@mui/icons-material/Mail';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ChurchIcon from '@mui/icons-material/Church';
import GroupsIcon from '@mui/icons-material/Groups';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import SummarizeIcon from '@mui/icons-material/Summarize';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import BalanceIcon from '@mui/icons-material/Balance';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AssessmentIcon from '@mui/icons-material/Assessment';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import type { ComponentType } from 'react';
import { lazyScreen } from '../../routing/lazyScreen';
import { Route } from 'react-router-dom';
import { REPORTS, type ReportKey } from '../../../domain/reports';

const SCREENS: Record<ReportKey, { screen: ComponentType; icon: SvgIconComponent }> = {
  birthdays: { screen: lazyScreen(() => import('./BirthdaysReport')), icon: CakeIcon },
  expiring_credentials: {
    screen: lazyScreen(() => import('./ExpiringCredentialsReport')),
    icon: EventBusyIcon,
  },
  members_without_credentials: {
    screen: lazyScreen(() => import('./MembersWithoutCredentialsReport')),
    icon: BadgeIcon,
  },
  issued_letters: { screen: lazyScreen(() => import('./IssuedLettersReport')), icon: MailIcon },
  members_by_congregation: {
    screen: lazyScreen(() => import('./MembersByCongregationReport')),
    icon: GroupsIcon,
  },
  new_members_by_month: {
    screen: lazyScreen(() => import('./NewMembersByMonthReport')),
    icon: PersonAddIcon,
  },
  finance_by_congregation: {
    screen: lazyScreen(() => import('./FinanceByCongregationReport')),
    icon: AccountBalanceIcon,
  },
  tithers: { screen: lazyScreen(() => import('./TithersReport')), icon: EventAvailableIcon },
  funds: { screen: lazyScreen(() => import('./FundsReport')), icon: AccountBalanceWalletIcon },
  trial_balance: { screen: lazyScreen(() => import('./TrialBalanceReport')), icon: BalanceIcon },
  church_life: { screen: lazyScreen(() => import('./ChurchLifeReport')), icon: ChurchIcon },
  ebd_summary: { screen: lazyScreen(() => import('./EbdSummaryReport')), icon: SummarizeIcon },
  budget: { screen: lazyScreen(() => import('./BudgetReport')), icon: QueryStatsIcon },
  repasses: { screen: lazyScreen(() => import('./RepassesReport')), icon: SyncAltIcon },
  statement_of_activities: {
    screen: lazyScreen(() => import('./StatementOfActivitiesReport')),
    icon: AssessmentIcon,
  },
  cash_flow: { screen: lazyScreen(() => import('./CashFlowReport')), icon: SwapVertIcon },
  cash_book: { screen: lazyScreen(() => import('./CashBookReport')), icon: MenuBookIcon },
  children: { screen: lazyScreen(() => import('./ChildrenReport')), icon: ChildCareIcon },
};

/** <Route> elements for <CustomRoutes> (which inspects its direct children). */
export const reportRoutes = REPORTS.map(({ key, path }) => {
  const Screen = SCREENS[key].screen;
  return <Route key={key} path={path} element={<Screen />} />;
});

/**
 * The menu's report entries (the menu shows those the user may open): under "Relatórios", or
 * under the group a report names (the Dizimistas, under Financeiro).
 */
export const reportMenuLinks = REPORTS.map((report) => ({
  key: report.key,
  to: report.path,
  label: `adam.reports.${report.key}.title`,
  icon: SCREENS[report.key].icon,
  group: 'menu' in report ? report.menu : ('reports' as const),
}));
