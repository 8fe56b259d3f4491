import UploadFileIcon from '@mui/icons-material/UploadFile';
import { MEMBER_IMPORT_PATH } from '../../../domain/access';
import { LabeledButton } from '../../ui/LabeledButton';

/** "Importar": to the member import wizard (issue 14), from the list and its empty state. */
export function MemberImportButton({ variant }: { variant?: 'text' | 'outlined' }) {
  return (
    <LabeledButton to={MEMBER_IMPORT_PATH} label="resources.membros.import" variant={variant}>
      <UploadFileIcon />
    </LabeledButton>
  );
}
