// The member form checks what the server checks, with the same schema and messages
// (domain), so an error shows under its input before the secretary even saves.
import { memberSchema } from '../../../domain/memberSchema';
import { schemaValidator } from '../../ui/inputs';

/** Every member input: the server's member schema, for the input's own field. */
export const validateMemberField = schemaValidator(memberSchema, { skip: ['photo', 'photoThumb'] });
