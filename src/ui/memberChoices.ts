import { useWatch } from 'react-hook-form';
import {
  ADMISSION_TYPE_LABELS,
  MARITAL_STATUS_LABELS,
  MEMBER_STATUS_LABELS,
  SEX_LABELS,
  maritalStatusLabels,
  memberStatusLabels,
} from '../../domain/members';
import { choicesFrom } from './choices';

export const STATUS_CHOICES = choicesFrom(MEMBER_STATUS_LABELS);
export const SEX_CHOICES = choicesFrom(SEX_LABELS);
export const MARITAL_STATUS_CHOICES = choicesFrom(MARITAL_STATUS_LABELS);
export const ADMISSION_TYPE_CHOICES = choicesFrom(ADMISSION_TYPE_LABELS);

/** Inside a member form: status and marital choices worded for the sex chosen above them. */
export function useChoicesForSex() {
  const sex = useWatch({ name: 'sex' }) as string | null | undefined;
  return {
    statusChoices: choicesFrom(memberStatusLabels(sex)),
    maritalChoices: choicesFrom(maritalStatusLabels(sex)),
  };
}

/** Birthday month filter: ids 1-12 as the API's `birth_month`. */
export { MONTH_CHOICES } from '../../domain/calendar';
