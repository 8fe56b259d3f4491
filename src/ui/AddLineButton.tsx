import AddIcon from '@mui/icons-material/Add';
import { useSimpleFormIterator } from 'react-admin';
import { LabeledButton } from './LabeledButton';

/**
 * The "Adicionar" of every list of lines (react-admin's SimpleFormIterator: instalments, the
 * offerings of a service): a button with its word, not a bare "+" icon.
 */
export function AddLineButton({ className }: { className?: string }) {
  const { add, source } = useSimpleFormIterator();
  return (
    <LabeledButton
      label="ra.action.add"
      onClick={() => add()}
      className={[`button-add button-add-${source}`, className].filter(Boolean).join(' ')}
    >
      <AddIcon fontSize="small" />
    </LabeledButton>
  );
}
