import type { CustomFieldType } from '../../../domain/customFields';

/** A custom field definition (campo adicional) as the app sees it (camelCase keys). */
export interface CustomField {
  id: number;
  label: string;
  /** Derived from the label by the server; the member's `customFields` are keyed by it. */
  key: string;
  fieldType: CustomFieldType;
  options: string[];
  required: boolean;
  active: boolean;
  /** Asked on the public self-registration (/meu_cadastro) too. */
  publicForm: boolean;
  /** Seen by every role, in the reduced member record too (issue 13). */
  visibleToAll: boolean;
  sortOrder: number;
  memberCount?: number;
}
