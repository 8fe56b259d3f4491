// Inputs that point at other finance records, with the filters a form needs (income or expense
// categories, active accounts and cards) and Portuguese labels.
import {
  AutocompleteInput,
  type AutocompleteInputProps,
  ReferenceInput,
  SelectInput,
  type SelectInputProps,
} from 'react-admin';
import type { CategoryKind } from '../../../domain/finance/labels';

const byName = { field: 'name', order: 'ASC' } as const;
const searchByName = (text: string) => ({ q: text });

type Props = Omit<SelectInputProps, 'source'> & { source?: string };

export function CategoryInput({
  kind,
  source = 'categoryId',
  ...props
}: Props & { kind?: CategoryKind }) {
  return (
    <ReferenceInput
      source={source}
      reference="financeiro/categorias"
      sort={byName}
      perPage={200}
      filter={kind ? { kind, active: true } : {}}
    >
      <SelectInput optionText="name" label="adam.finance.category" {...props} />
    </ReferenceInput>
  );
}

export function AccountInput({
  source = 'bankAccountId',
  activeOnly = true,
  ...props
}: Props & { activeOnly?: boolean }) {
  return (
    <ReferenceInput
      source={source}
      reference="financeiro/contas-bancarias"
      sort={byName}
      perPage={100}
      filter={activeOnly ? { active: true } : {}}
    >
      <SelectInput optionText="name" label="adam.finance.account" {...props} />
    </ReferenceInput>
  );
}

export function CardInput({ source = 'creditCardId', ...props }: Props) {
  return (
    <ReferenceInput
      source={source}
      reference="financeiro/cartoes-de-credito"
      sort={byName}
      perPage={100}
      filter={{ active: true }}
    >
      <SelectInput optionText="name" label="adam.finance.card" {...props} />
    </ReferenceInput>
  );
}

type AutoProps = Omit<AutocompleteInputProps, 'source'> & { source?: string };

export function VendorInput({ source = 'vendorId', ...props }: AutoProps) {
  return (
    <ReferenceInput source={source} reference="financeiro/fornecedores" sort={byName} perPage={20}>
      <AutocompleteInput
        optionText="name"
        filterToQuery={searchByName}
        label="adam.finance.vendor"
        {...props}
      />
    </ReferenceInput>
  );
}

export function DonorInput({ source = 'donorId', ...props }: AutoProps) {
  return (
    <ReferenceInput source={source} reference="financeiro/contribuintes" sort={byName} perPage={20}>
      <AutocompleteInput
        optionText="name"
        filterToQuery={searchByName}
        label="adam.finance.donor"
        {...props}
      />
    </ReferenceInput>
  );
}
