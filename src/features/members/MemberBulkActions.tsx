import { BulkDepartmentButton } from './BulkDepartmentButton';
import { BulkStatusButton } from './BulkStatusButton';

/** What a secretary can do to the selected rows of the members list. */
export function MemberBulkActions() {
  return (
    <>
      <BulkStatusButton />
      <BulkDepartmentButton />
    </>
  );
}
