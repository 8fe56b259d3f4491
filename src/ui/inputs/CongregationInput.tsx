// The congregation of a record (issue 12), shared by every form that files one: members,
// departments, bank accounts, incomes, expenses, payables. It offers the active congregations
// the user may use (GET /api/congregations answers only those of the user's rights) and picks
// the only one when there is just one: a scoped user's own, or a church with only its sede.
import { useEffect } from 'react';
import {
  AutocompleteInput,
  type AutocompleteInputProps,
  ReferenceInput,
  required as requiredValidator,
  useChoicesContext,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';

import { CONGREGATIONS_RESOURCE } from '../congregationsResource';

export { CONGREGATIONS_RESOURCE };

export type CongregationInputProps = Omit<AutocompleteInputProps, 'source'> & {
  /** The form field (default `congregationId`). */
  source?: string;
  /** Required unless told otherwise (a church-wide department leaves it empty). */
  required?: boolean;
  /**
   * Picks the only choice when the field is empty (default). Off where empty means something
   * (a church-wide department): a church with only its sede would otherwise file it there.
   */
  fillOnlyChoice?: boolean;
};

const searchByName = (text: string) => ({ q: text });

/** The autocomplete inside the reference: it fills in the only choice of an empty field. */
function OnlyChoiceAutocomplete({
  source,
  fill,
  ...props
}: AutocompleteInputProps & { source: string; fill: boolean }) {
  const { allChoices, total, isPending, filterValues } = useChoicesContext();
  const { getValues, resetField } = useFormContext();
  const searching = Boolean((filterValues as { q?: string } | undefined)?.q);
  const only = fill && !isPending && !searching && total === 1 ? allChoices?.[0]?.id : undefined;
  useEffect(() => {
    if (only === undefined) return;
    const current: unknown = getValues(source);
    // As the field's default: a form the user has not touched stays untouched (no "unsaved
    // changes" question on leaving), and the value is sent with the rest on saving.
    if (current === undefined || current === null || current === '') {
      resetField(source, { defaultValue: only });
    }
  }, [only, source, getValues, resetField]);
  return <AutocompleteInput source={source} {...props} />;
}

export function CongregationInput({
  source = 'congregationId',
  required = true,
  fillOnlyChoice = true,
  validate,
  label = 'adam.congregation.label',
  ...props
}: CongregationInputProps) {
  const rules = [
    ...(required ? [requiredValidator()] : []),
    ...(Array.isArray(validate) ? validate : validate ? [validate] : []),
  ];
  return (
    <ReferenceInput
      source={source}
      reference={CONGREGATIONS_RESOURCE}
      filter={{ active: true }}
      sort={{ field: 'kind', order: 'ASC' }}
      perPage={50}
    >
      <OnlyChoiceAutocomplete
        source={source}
        fill={fillOnlyChoice}
        label={label}
        optionText="name"
        filterToQuery={searchByName}
        validate={rules}
        fullWidth
        {...props}
      />
    </ReferenceInput>
  );
}
