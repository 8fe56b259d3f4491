import CheckIcon from '@mui/icons-material/Check';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import {
  Form,
  ReferenceInput,
  ResourceContextProvider,
  SaveButton,
  SelectInput,
  useTranslate,
} from 'react-admin';
import { todayIso } from '../../../../domain/dates';
import { registrationApprovalSchema } from '../../../../domain/registration';
import { DateTextInput, schemaValidator } from '../../../ui/inputs';
import type { Approval } from './useReview';

const rule = schemaValidator(registrationApprovalSchema);
const PENDING = 'membros/pendentes';

/**
 * Approving a registration asks what the newcomer could not say: the position (cargo) and the
 * admission date (today, proposed; emptied, the server's today).
 */
export function ApproveDialog({
  name,
  open,
  onClose,
  onApprove,
}: {
  name: string;
  open: boolean;
  onClose(): void;
  onApprove(approval: Approval): Promise<unknown>;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="approve-title">
      <Box onSubmit={(event) => event.stopPropagation()} onClick={(e) => e.stopPropagation()}>
        <ResourceContextProvider value={PENDING}>
          <Form
            onSubmit={async (values: Record<string, unknown>) => {
              await onApprove(values as Approval);
            }}
            defaultValues={{ positionId: null, admissionDate: todayIso() }}
            noValidate
          >
            <DialogTitle id="approve-title">
              {translate(`resources.${PENDING}.approve_title`, { name })}
            </DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                {translate(`resources.${PENDING}.approve_content`)}
              </DialogContentText>
              <ReferenceInput
                source="positionId"
                reference="configuracoes/positions"
                sort={{ field: 'sortOrder', order: 'ASC' }}
                perPage={100}
              >
                <SelectInput
                  optionText="name"
                  label={`resources.${PENDING}.fields.positionId`}
                  validate={rule}
                  fullWidth
                />
              </ReferenceInput>
              <DateTextInput
                source="admissionDate"
                label={`resources.${PENDING}.fields.admissionDate`}
                validate={rule}
                fullWidth
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
              <SaveButton
                label={`resources.${PENDING}.approve`}
                icon={<CheckIcon />}
                color="success"
                alwaysEnable
              />
            </DialogActions>
          </Form>
        </ResourceContextProvider>
      </Box>
    </Dialog>
  );
}
