import { CUSTOM_FIELD_TYPE_LABELS } from '../../../../domain/customFields';
import { choicesFrom } from '../../../ui/choices';

export const FIELD_TYPE_CHOICES = choicesFrom(CUSTOM_FIELD_TYPE_LABELS);
