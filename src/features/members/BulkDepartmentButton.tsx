import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { BulkChoiceDialog } from './BulkChoiceDialog';
import { useMemberBulkAction } from './useMemberBulkAction';
import { LabeledButton } from '../../ui/LabeledButton';

/** Bulk action: adds the selected members to a department. */
export function BulkDepartmentButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { run, running, count } = useMemberBulkAction();
  const { data: departments = [] } = useGetList<{ id: number; name: string }>(
    'configuracoes/departamentos',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  const confirm = async (departmentId: string) => {
    if (await run({ action: 'add_department', departmentId: Number(departmentId) })) {
      setOpen(false);
    }
  };
  return (
    <>
      <LabeledButton label="resources.membros.bulk.add_department" onClick={() => setOpen(true)}>
        <GroupAddIcon />
      </LabeledButton>
      <BulkChoiceDialog
        open={open}
        title={translate('resources.membros.bulk.add_department')}
        message={translate('resources.membros.bulk.add_department_message', {
          smart_count: count,
        })}
        label={translate('resources.membros.fields.departmentId')}
        choices={departments}
        busy={running}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
}
