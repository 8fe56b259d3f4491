import { TabbedFormTabs } from 'react-admin';
import { TabbedForm } from '../../ui/forms';
import { FormToolbar } from '../../ui/FormToolbar';
import { MemberChurchInputs } from './MemberChurchInputs';
import { MemberContactInputs } from './MemberContactInputs';
import { MemberCustomFieldInputs } from './MemberCustomFieldInputs';
import { MemberDepartmentsInput } from './MemberDepartmentsInput';
import { MemberPersonalInputs } from './MemberPersonalInputs';

const NEW_MEMBER = {
  status: 'active',
  holySpiritBaptism: false,
  departmentIds: [],
  customFields: {},
};

/**
 * Five tabs do not fit a phone: they scroll sideways. Width 0 (stretched back to 100%) keeps
 * their total width out of the layout's fit-content width, which would widen the whole page.
 */
const scrollingTabs = (
  <TabbedFormTabs
    variant="scrollable"
    scrollButtons="auto"
    allowScrollButtonsMobile
    sx={{ width: 0, minWidth: '100%' }}
  />
);

/** The member form of create and edit, in the five tabs of the issue. */
export function MemberForm({ creating }: { creating: boolean }) {
  return (
    <TabbedForm
      defaultValues={creating ? NEW_MEMBER : undefined}
      toolbar={<FormToolbar deletable={!creating} />}
      syncWithLocation={false}
      tabs={scrollingTabs}
    >
      <TabbedForm.Tab label="resources.membros.tabs.personal">
        <MemberPersonalInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="resources.membros.tabs.contact">
        <MemberContactInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="resources.membros.tabs.church">
        <MemberChurchInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="resources.membros.tabs.departments">
        <MemberDepartmentsInput />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="resources.membros.tabs.custom_fields">
        <MemberCustomFieldInputs />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}
