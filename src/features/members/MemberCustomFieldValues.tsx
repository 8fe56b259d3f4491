import { useRecordContext } from 'react-admin';
import { toCamelKey } from '../../providers/case';
import { formatBoolean, formatDate } from '../../../domain/formats';
import { LOCALE } from '../../../domain/constants';
import { customValue } from '../../../domain/customFields';
import type { CustomField } from '../../ui/customFields/types';
import { useCustomFields } from '../../ui/customFields/useCustomFields';
import { DetailItem, DetailSection } from '../../ui/DetailSection';
import type { Member } from './types';

const number = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 6 });

/** A custom field value as text, through the SPEC §5 formatters for dates and yes/no. */
export function formatCustomValue(field: CustomField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.fieldType) {
    case 'date':
      return formatDate(String(value));
    case 'boolean':
      return formatBoolean(value as boolean);
    case 'number':
      return typeof value === 'number' ? number.format(value) : String(value);
    default:
      return String(value);
  }
}

/**
 * "Campos adicionais" of the detail page: active fields, and retired ones that hold a value.
 * `whole`: false for the reduced record (issue 13), which carries only the fields visible to
 * every role: those, and only with a value.
 */
export function MemberCustomFieldValues({ whole = true }: { whole?: boolean }) {
  const member = useRecordContext<Member>();
  const { fields } = useCustomFields({ all: true });
  const values = member?.customFields ?? {};
  const filled = (field: CustomField) =>
    formatCustomValue(field, customValue(values, toCamelKey(field.key))) !== '';
  const shown = fields.filter((field) =>
    whole ? field.active || filled(field) : field.visibleToAll && filled(field),
  );
  if (shown.length === 0) return null;
  return (
    <DetailSection title="resources.membros.tabs.custom_fields">
      {shown.map((field) => (
        <DetailItem key={field.id} label={field.label} wide={field.fieldType === 'long_text'}>
          {formatCustomValue(field, customValue(values, toCamelKey(field.key)))}
        </DetailItem>
      ))}
    </DetailSection>
  );
}
