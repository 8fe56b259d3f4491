import type { Migration } from 'kysely/migration';
import { usersMigration } from './0001_users.js';
import { churchMigration } from './0002_church.js';
import { membersMigration } from './0003_members.js';
import { memberIndexesMigration } from './0004_member_indexes.js';
import { credentialsLettersMigration } from './0005_credentials_letters.js';
import { financeMigration } from './0006_finance.js';
import { rateLimitsMigration } from './0007_rate_limits.js';
import { setupChecklistMigration } from './0008_setup_checklist.js';
import { formDetailsMigration } from './0009_form_details.js';
import { congregationsMigration } from './0010_congregations.js';
import { memberScopeMigration } from './0011_member_scope.js';
import { financeScopeMigration } from './0012_finance_scope.js';
import { congregationScaleMigration } from './0013_congregation_scale.js';
import { memberScaleMigration } from './0014_member_scale.js';
import { leastAccessMigration } from './0016_least_access.js';
import { consentsMigration } from './0017_consents.js';
import { paperHistoryMigration } from './0019_paper_history.js';
import { auditMigration } from './0020_audit.js';
import { memberImportsMigration } from './0021_member_imports.js';
import { bankStatementsMigration } from './0022_bank_statements.js';
import { subjectRightsMigration } from './0023_subject_rights.js';
import { importHeartbeatMigration } from './0024_import_heartbeat.js';
import { importTrustMigration } from './0025_import_trust.js';
import { twoFactorMigration } from './0027_two_factor.js';
import { offeringCountsMigration } from './0028_offering_counts.js';
import { receiptsPixMigration } from './0029_receipts_pix.js';
import { churchLifeMigration } from './0030_church_life.js';
import { tithesMigration } from './0031_tithes.js';
import { visitorConsentsMigration } from './0032_visitor_consents.js';
import { cellsMigration } from './0033_cells.js';
import { ebdMigration } from './0034_ebd.js';
import { followupsMigration } from './0035_followups.js';
import { treasuryMigration } from './0036_treasury.js';
import { visitorAnonymizationMigration } from './0037_visitor_anonymization.js';
import { pendingOfferingsMigration } from './0038_pending_offerings.js';
import { gatheringPresenceMigration } from './0040_gathering_presence.js';
import { worshipServiceHostsMigration } from './0041_worship_service_hosts.js';
import { financePeriodsMigration } from './0042_finance_periods.js';
import { chartOfAccountsMigration } from './0043_chart_of_accounts.js';
import { budgetsMigration } from './0044_budgets.js';
import { transferRatesMigration } from './0045_transfer_rates.js';
import { statementIndexesMigration } from './0046_statement_indexes.js';
import { ledgerMonthTotalsMigration } from './0047_ledger_month_totals.js';
import { foldedPresenceMigration } from './0048_folded_presence.js';
import { familiesMigration } from './0049_families.js';
import { milestonesMigration } from './0050_milestones.js';
import { transfersMigration } from './0051_transfers.js';
import { messagesMigration } from './0052_messages.js';
import { selfUpdateMigration } from './0053_self_update.js';
import { monthLegsTreasurerMigration } from './0054_month_legs_treasurer.js';
import { type MigrationDialectName, migrationDialect } from './dialect.js';

/** Every migration, in order. Add new ones at the end with the next number. */
export function migrations(dialect: MigrationDialectName): Record<string, Migration> {
  const d = migrationDialect(dialect);
  return {
    '0001_users': usersMigration(d),
    '0002_church': churchMigration(d),
    '0003_members': membersMigration(d),
    '0004_member_indexes': memberIndexesMigration(d),
    '0005_credentials_letters': credentialsLettersMigration(d),
    '0006_finance': financeMigration(d),
    '0007_rate_limits': rateLimitsMigration(d),
    '0008_setup_checklist': setupChecklistMigration(d),
    '0009_form_details': formDetailsMigration(d),
    '0010_congregations': congregationsMigration(d),
    '0011_member_scope': memberScopeMigration(d),
    '0012_finance_scope': financeScopeMigration(d),
    '0013_congregation_scale': congregationScaleMigration(d),
    '0014_member_scale': memberScaleMigration(d),
    '0016_least_access': leastAccessMigration(d),
    '0017_consents': consentsMigration(d),
    '0019_paper_history': paperHistoryMigration(d),
    '0020_audit': auditMigration(d),
    '0021_member_imports': memberImportsMigration(d),
    '0022_bank_statements': bankStatementsMigration(d),
    '0023_subject_rights': subjectRightsMigration(d),
    '0024_import_heartbeat': importHeartbeatMigration(d),
    '0025_import_trust': importTrustMigration(d),
    '0027_two_factor': twoFactorMigration(d),
    '0028_offering_counts': offeringCountsMigration(d),
    '0029_receipts_pix': receiptsPixMigration(d),
    '0030_church_life': churchLifeMigration(d),
    '0031_tithes': tithesMigration(d),
    '0032_visitor_consents': visitorConsentsMigration(d),
    '0033_cells': cellsMigration(d),
    '0034_ebd': ebdMigration(d),
    '0035_followups': followupsMigration(d),
    '0036_treasury': treasuryMigration(d),
    '0037_visitor_anonymization': visitorAnonymizationMigration(d),
    '0038_pending_offerings': pendingOfferingsMigration(d),
    '0040_gathering_presence': gatheringPresenceMigration(d),
    '0041_worship_service_hosts': worshipServiceHostsMigration(d),
    '0042_finance_periods': financePeriodsMigration(d),
    '0043_chart_of_accounts': chartOfAccountsMigration(d),
    '0044_budgets': budgetsMigration(d),
    '0045_transfer_rates': transferRatesMigration(d),
    '0046_statement_indexes': statementIndexesMigration(d),
    '0047_ledger_month_totals': ledgerMonthTotalsMigration(d),
    '0048_folded_presence': foldedPresenceMigration(d),
    '0049_families': familiesMigration(d),
    '0050_milestones': milestonesMigration(d),
    '0051_transfers': transfersMigration(d),
    '0052_messages': messagesMigration(d),
    '0053_self_update': selfUpdateMigration(d),
    '0054_month_legs_treasurer': monthLegsTreasurerMigration(d),
  };
}
