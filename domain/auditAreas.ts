// The areas of the church's work the audit trail files its entries under (the audit screen's
// first filter); each registered resource names its own (domain/resources.ts).
export const AUDIT_AREAS = [
  'members',
  'church',
  'settings',
  'users',
  'access',
  'finance',
  'reports',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];
export const AUDIT_AREA_LABELS: Record<AuditArea, string> = {
  members: 'Membros',
  church: 'Igreja',
  settings: 'Configurações',
  users: 'Usuários',
  access: 'Acessos',
  finance: 'Financeiro',
  reports: 'Relatórios',
};
