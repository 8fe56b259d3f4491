import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { paths } from '../../../routing/paths';
import { DUPLICATE_REASON_LABELS, type DuplicateReason } from '../../../../domain/registration';

/** "Possível duplicidade: Maria Souza (mesmo CPF)", linking to the member the registration may repeat. */
export function DuplicateWarning(props: {
  id: number;
  name: string | null | undefined;
  reason: DuplicateReason | null;
  compact?: boolean;
}) {
  const translate = useTranslate();
  const text = translate('resources.membros/pendentes.duplicate', {
    name: props.name ?? `#${props.id}`,
    reason: props.reason ? DUPLICATE_REASON_LABELS[props.reason] : '',
  });
  const link = (
    <Link
      component={RouterLink}
      to={paths.show('membros', props.id)}
      onClick={(event) => event.stopPropagation()}
    >
      {text}
    </Link>
  );
  if (props.compact) return link;
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      {link}
    </Alert>
  );
}
