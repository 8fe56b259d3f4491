// Filters the finance lists share, each with its source, label and options in one place.
import { AutocompleteInput, ReferenceInput } from 'react-admin';
import type { CategoryKind } from '../../../../domain/finance/labels';
import { CONGREGATIONS_RESOURCE, DateFilterInput } from '../../../ui/inputs';
import {
  AccountInput,
  CardInput,
  CategoryInput,
  DonorInput,
  REFERENCES,
  VendorInput,
} from './references';

/** From and to of a date (`${field}Gte`, `${field}Lte`), always shown, typed as DD/MM/AAAA. */
export function periodFilters(
  field = 'date',
  labels = { from: 'adam.finance.from', to: 'adam.finance.to' },
) {
  return [
    <DateFilterInput key={`${field}Gte`} source={`${field}Gte`} label={labels.from} alwaysOn />,
    <DateFilterInput key={`${field}Lte`} source={`${field}Lte`} label={labels.to} alwaysOn />,
  ];
}

/** Closed accounts too: their movements are still in the lists. */
export function accountFilter({ alwaysOn = false } = {}) {
  return (
    <AccountInput
      key="bankAccountId"
      source="bankAccountId"
      label={REFERENCES.bankAccountId.label}
      activeOnly={false}
      alwaysOn={alwaysOn}
    />
  );
}

/** `kind`: only income or only expense categories. */
export function categoryFilter(kind?: CategoryKind) {
  return (
    <CategoryInput
      key="categoryId"
      source="categoryId"
      label={REFERENCES.categoryId.label}
      kind={kind}
    />
  );
}

export function vendorFilter() {
  return <VendorInput key="vendorId" source="vendorId" label={REFERENCES.vendorId.label} />;
}

export function cardFilter() {
  return (
    <CardInput key="creditCardId" source="creditCardId" label={REFERENCES.creditCardId.label} />
  );
}

export function donorFilter() {
  return <DonorInput key="donorId" source="donorId" label={REFERENCES.donorId.label} />;
}

const searchByName = (text: string) => ({ q: text });

/**
 * The congregation column's filter (issue 12): narrows the list inside the app bar's view.
 * Inactive congregations too: their records are still in the lists.
 */
export function congregationFilter() {
  return (
    <ReferenceInput
      key="congregationId"
      source="congregationId"
      reference={CONGREGATIONS_RESOURCE}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
    >
      <AutocompleteInput
        label="adam.congregation.label"
        optionText="name"
        filterToQuery={searchByName}
      />
    </ReferenceInput>
  );
}
