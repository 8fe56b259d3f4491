import { useWatch } from 'react-hook-form';
import {
  ADMISSION_TYPE_LABELS,
  MARITAL_STATUS_LABELS,
  MEMBER_STATUS_LABELS,
  SEX_LABELS,
  maritalStatusLabels,
  memberStatusLabels,
} from '../../domain/members';
import { TRANSFERRING } from '../../domain/transfers';
import { choicesFrom } from './choices';

export const STATUS_CHOICES = choicesFrom(MEMBER_STATUS_LABELS);
/** The statuses a user sets by hand: "em transferência" is a transfer's (its letter's). */
export const SETTABLE_STATUS_CHOICES = STATUS_CHOICES.filter(({ id }) => id !== TRANSFERRING);
export const SEX_CHOICES = choicesFrom(SEX_LABELS);
export const MARITAL_STATUS_CHOICES = choicesFrom(MARITAL_STATUS_LABELS);
export const ADMISSION_TYPE_CHOICES = choicesFrom(ADMISSION_TYPE_LABELS);

/** Inside a member form: status and marital choices worded for the sex chosen above them. */
export function useChoicesForSex() {
  const sex = useWatch({ name: 'sex' }) as string | null | undefined;
  return {
    // Shown (a member in transfer reads it) but not chosen: only a transfer letter gives it.
    statusChoices: choicesFrom(memberStatusLabels(sex)).map((choice) => ({
      ...choice,
      disabled: choice.id === TRANSFERRING,
    })),
    maritalChoices: choicesFrom(maritalStatusLabels(sex)),
  };
}

/** Birthday month filter: ids 1-12 as the API's `birth_month`. */
export { MONTH_CHOICES } from '../../domain/calendar';
