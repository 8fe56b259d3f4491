import { type Theme, useMediaQuery } from '@mui/material';
import { BooleanInput, DataTable, List, SelectInput, SimpleList } from 'react-admin';
import { CATEGORY_KIND_LABELS } from '../../../../domain/finance/labels';
import { formatBoolean } from '../../../../domain/formats';
import { EmptyList } from '../../../ui/EmptyList';
import { rowToEdit, RowLink } from '../../../ui/links';
import { ListActions } from '../../../ui/ListActions';
import { CATEGORY_KIND_CHOICES } from '../shared/choices';
import { labelOf } from '../../../ui/choices';
import { SearchBox } from '../../../ui/inputs';

interface Category {
  id: number;
  name: string;
  kind: 'income' | 'expense';
  active: boolean;
  isTithe: boolean;
}

const filters = [
  <SearchBox key="q" source="q" alwaysOn />,
  <SelectInput
    key="kind"
    source="kind"
    label="adam.finance.category_kind"
    choices={CATEGORY_KIND_CHOICES}
    alwaysOn
  />,
  <BooleanInput key="active" source="active" label="adam.finance.active_female" />,
];

/** Income and expense categories; a row opens its edit form. */
export default function CategoryList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      empty={<EmptyList />}
    >
      {phone ? (
        <SimpleList<Category>
          primaryText={(category) => category.name}
          secondaryText={(category) => labelOf(CATEGORY_KIND_LABELS, category.kind)}
          tertiaryText={(category) =>
            [category.isTithe ? 'Dízimos' : '', category.active ? '' : 'Inativa']
              .filter(Boolean)
              .join(' · ')
          }
          rowClick={(id) => rowToEdit(id, 'financeiro/categorias')}
        />
      ) : (
        <DataTable rowClick={rowToEdit} bulkActionButtons={false}>
          <DataTable.Col source="name" label="adam.finance.name">
            <RowLink />
          </DataTable.Col>
          <DataTable.Col
            source="kind"
            label="adam.finance.category_kind"
            render={(category: Category) => labelOf(CATEGORY_KIND_LABELS, category.kind)}
          />
          <DataTable.Col
            source="isTithe"
            label="adam.finance.is_tithe_column"
            render={(category: Category) =>
              category.kind === 'income' ? formatBoolean(category.isTithe) : ''
            }
          />
          <DataTable.Col
            source="active"
            label="adam.finance.active_female"
            render={(category: Category) => formatBoolean(category.active)}
          />
        </DataTable>
      )}
    </List>
  );
}
