// The congregation of a record (issue 12), shared by every form that files one: members,
// departments, bank accounts, incomes, expenses, payables. It offers the active congregations
// the user may use (GET /api/congregations answers only those of the user's rights) and starts
// filled where the answer is known: the only one when there is just one (a scoped user's own, or
// a church with only its sede), else the app bar's congregation; and it follows the account the
// money goes through (an offering received in the sede's cash box is the sede's).
import { useEffect, useRef } from 'react';
import {
  AutocompleteInput,
  type AutocompleteInputProps,
  type RaRecord,
  ReferenceInput,
  required as requiredValidator,
  useChoicesContext,
  useGetOne,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

import { readSelection } from '../../providers/congregationSelection';
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
  /**
   * Another field of the form whose record carries a congregation (a bank account): choosing it
   * fills this one, unless the user chose a congregation of their own.
   */
  follow?: { source: string; reference: string };
};

const searchByName = (text: string) => ({ q: text });

/**
 * The autocomplete inside the reference: an empty field starts with the only choice, or else with
 * the app bar's congregation.
 */
function OnlyChoiceAutocomplete({
  source,
  fill,
  ...props
}: AutocompleteInputProps & { source: string; fill: boolean }) {
  const { allChoices, total, isPending, filterValues } = useChoicesContext();
  const { getValues, resetField } = useFormContext();
  const searching = Boolean((filterValues as { q?: string } | undefined)?.q);
  const only = fill && !isPending && !searching && total === 1 ? allChoices?.[0]?.id : undefined;
  const selected = fill && !isPending && !searching ? readSelection() : null;
  const preset = only ?? selected ?? undefined;
  useEffect(() => {
    if (preset === undefined) return;
    const current: unknown = getValues(source);
    // As the field's default: a form the user has not touched stays untouched (no "unsaved
    // changes" question on leaving), and the value is sent with the rest on saving.
    if (current === undefined || current === null || current === '') {
      resetField(source, { defaultValue: preset });
    }
  }, [preset, source, getValues, resetField]);
  return <AutocompleteInput source={source} {...props} />;
}

/** Fills `source` with the congregation of the record chosen in `follow.source`. */
function useFollowedCongregation(source: string, follow: CongregationInputProps['follow']) {
  const followed: unknown = useWatch({ name: follow?.source ?? source });
  const { getValues, getFieldState, setValue, formState } = useFormContext();
  const { data } = useGetOne<RaRecord & { congregationId?: number | null }>(
    follow?.reference ?? CONGREGATIONS_RESOURCE,
    { id: followed as number },
    { enabled: Boolean(follow) && typeof followed === 'number' },
  );
  // What this hook put there last: replaced when another account is chosen, unlike a
  // congregation the user picked.
  const filled = useRef<unknown>(undefined);
  const congregationId = follow && data ? data.congregationId : undefined;
  const submitted = formState.isSubmitted;
  useEffect(() => {
    if (congregationId === undefined || congregationId === null) return;
    const current: unknown = getValues(source);
    // Untouched (empty, or the app bar's preset) or filled from an earlier account: follow.
    const chosenByUser = getFieldState(source).isDirty && current !== filled.current;
    if (chosenByUser) return;
    filled.current = congregationId;
    if (current !== congregationId) {
      setValue(source, congregationId, { shouldDirty: true, shouldValidate: submitted });
    }
  }, [congregationId, source, getValues, getFieldState, setValue, submitted]);
}

export function CongregationInput({
  source = 'congregationId',
  required = true,
  fillOnlyChoice = true,
  follow,
  validate,
  label = 'adam.congregation.label',
  ...props
}: CongregationInputProps) {
  useFollowedCongregation(source, follow);
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
