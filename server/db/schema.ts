// The one Database interface that names every table. Each table's columns sit in tables/
// by area, with its Selectable (row read), Insertable and Updateable aliases beside it.
import type { AuditLogTable } from './tables/audit.js';
import type { CellLevelsTable, CellMembersTable, CellsTable } from './tables/cells.js';
import type {
  AttendancesTable,
  GatheringsTable,
  GatheringPresenceTable,
  VisitorConsentsTable,
  VisitorsTable,
  WorshipServicesTable,
  WorshipServiceHostsTable,
} from './tables/churchLife.js';
import type { FamiliesTable, FamilyPeopleTable } from './tables/families.js';
import type { FollowupStagesTable, FollowupsTable } from './tables/followups.js';
import type { EbdClassTeachersTable, EbdClassesTable, EbdEnrolmentsTable } from './tables/ebd.js';
import type {
  ConsentVersionsTable,
  MemberConsentsTable,
  PrivacyRequestsTable,
} from './tables/consents.js';
import type {
  CongregationTransferRatesTable,
  CongregationsTable,
  MemberMovesTable,
} from './tables/congregations.js';
import type {
  CredentialsTable,
  DocumentCountersTable,
  LettersTable,
  TransfersTable,
} from './tables/documents.js';
import type { CertificatesTable, MemberMilestonesTable } from './tables/milestones.js';
import type {
  AccountsPayableTable,
  BankAccountsTable,
  BudgetsTable,
  IncomeReceiptsTable,
  CardChargesTable,
  CreditCardsTable,
  DonorsTable,
  ExpensesTable,
  FinanceCategoriesTable,
  FinanceFundsTable,
  FinanceMonthResultsTable,
  FinanceMonthTotalsTable,
  FinanceYearResultsTable,
  FinanceYearTotalsTable,
  FinancePeriodEventsTable,
  FinancePeriodOverridesTable,
  FinancePeriodsTable,
  IncomesTable,
  ReceiptsTable,
  TransactionsTable,
  VendorsTable,
} from './tables/finance.js';
import type {
  DailyTasksTable,
  MemberImportRowsTable,
  MemberImportsTable,
} from './tables/imports.js';
import type {
  MemberBirthdaysTable,
  MemberDepartmentsTable,
  MemberTokensTable,
  MembersTable,
  SearchTokensTable,
} from './tables/members.js';
import type {
  OfferingCountCashTable,
  OfferingCountCountersTable,
  OfferingCountIncomesTable,
  OfferingCountLinesTable,
  OfferingCountsTable,
} from './tables/offeringCounts.js';
import type {
  MessageDeliveriesTable,
  MessageOptOutsTable,
  MessageSettingsTable,
  MessagesTable,
} from './tables/messages.js';
import type { RateLimitsTable } from './tables/rateLimits.js';
import type { SelfUpdatesTable } from './tables/selfUpdates.js';
import type {
  BankStatementsTable,
  StatementCategoriesTable,
  StatementLinesTable,
} from './tables/statements.js';
import type {
  ChurchTable,
  CustomFieldsTable,
  DepartmentsTable,
  PositionsTable,
} from './tables/settings.js';
import type { UserRecoveryCodesTable, UserTokensTable, UsersTable } from './tables/users.js';

export type * from './tables/audit.js';
export type * from './tables/cells.js';
export type * from './tables/churchLife.js';
export type * from './tables/families.js';
export type * from './tables/followups.js';
export type * from './tables/columns.js';
export type * from './tables/congregations.js';
export type * from './tables/consents.js';
export type * from './tables/documents.js';
export type * from './tables/milestones.js';
export type * from './tables/finance.js';
export type * from './tables/imports.js';
export type * from './tables/members.js';
export type * from './tables/messages.js';
export type * from './tables/offeringCounts.js';
export type * from './tables/rateLimits.js';
export type * from './tables/selfUpdates.js';
export type * from './tables/settings.js';
export type * from './tables/statements.js';
export type * from './tables/users.js';

export interface Database {
  users: UsersTable;
  user_recovery_codes: UserRecoveryCodesTable;
  user_tokens: UserTokensTable;
  church: ChurchTable;
  congregations: CongregationsTable;
  congregation_transfer_rates: CongregationTransferRatesTable;
  member_moves: MemberMovesTable;
  positions: PositionsTable;
  departments: DepartmentsTable;
  custom_fields: CustomFieldsTable;
  members: MembersTable;
  member_departments: MemberDepartmentsTable;
  member_tokens: MemberTokensTable;
  member_birthdays: MemberBirthdaysTable;
  search_tokens: SearchTokensTable;
  document_counters: DocumentCountersTable;
  credentials: CredentialsTable;
  letters: LettersTable;
  transfers: TransfersTable;
  finance_categories: FinanceCategoriesTable;
  finance_funds: FinanceFundsTable;
  vendors: VendorsTable;
  donors: DonorsTable;
  bank_accounts: BankAccountsTable;
  credit_cards: CreditCardsTable;
  incomes: IncomesTable;
  expenses: ExpensesTable;
  receipts: ReceiptsTable;
  income_receipts: IncomeReceiptsTable;
  accounts_payable: AccountsPayableTable;
  card_charges: CardChargesTable;
  transactions: TransactionsTable;
  finance_month_totals: FinanceMonthTotalsTable;
  finance_month_results: FinanceMonthResultsTable;
  finance_year_totals: FinanceYearTotalsTable;
  finance_year_results: FinanceYearResultsTable;
  finance_periods: FinancePeriodsTable;
  finance_period_events: FinancePeriodEventsTable;
  finance_period_overrides: FinancePeriodOverridesTable;
  budgets: BudgetsTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  consent_versions: ConsentVersionsTable;
  member_consents: MemberConsentsTable;
  privacy_requests: PrivacyRequestsTable;
  member_imports: MemberImportsTable;
  member_import_rows: MemberImportRowsTable;
  daily_tasks: DailyTasksTable;
  bank_statements: BankStatementsTable;
  statement_lines: StatementLinesTable;
  statement_categories: StatementCategoriesTable;
  offering_counts: OfferingCountsTable;
  offering_count_counters: OfferingCountCountersTable;
  offering_count_lines: OfferingCountLinesTable;
  offering_count_cash: OfferingCountCashTable;
  offering_count_incomes: OfferingCountIncomesTable;
  worship_services: WorshipServicesTable;
  worship_service_hosts: WorshipServiceHostsTable;
  gatherings: GatheringsTable;
  gathering_presence: GatheringPresenceTable;
  visitors: VisitorsTable;
  visitor_consents: VisitorConsentsTable;
  attendances: AttendancesTable;
  cell_levels: CellLevelsTable;
  cells: CellsTable;
  cell_members: CellMembersTable;
  followup_stages: FollowupStagesTable;
  followups: FollowupsTable;
  ebd_classes: EbdClassesTable;
  ebd_class_teachers: EbdClassTeachersTable;
  ebd_enrolments: EbdEnrolmentsTable;
  self_updates: SelfUpdatesTable;
  families: FamiliesTable;
  family_people: FamilyPeopleTable;
  member_milestones: MemberMilestonesTable;
  certificates: CertificatesTable;
  message_settings: MessageSettingsTable;
  messages: MessagesTable;
  message_deliveries: MessageDeliveriesTable;
  message_opt_outs: MessageOptOutsTable;
}
