import { ROLES } from '../../../../domain/access';
import { ROLE_LABELS } from '../../../../domain/users';

export const ROLE_CHOICES = ROLES.map((role) => ({ id: role, name: ROLE_LABELS[role] }));
