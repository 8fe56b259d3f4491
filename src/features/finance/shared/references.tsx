// Inputs and fields that point at other finance records: the inputs with the filters a form
// needs (income or expense categories, active accounts and cards) and Portuguese labels; the
// fields with the record's name.
import {
  AutocompleteInput,
  type AutocompleteInputProps,
  type LinkToType,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  type SelectInputProps,
  TextField,
  useRecordContext,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import type { CategoryKind } from '../../../../domain/finance/labels';
import { formatDocument } from '../../../../domain/formats';
import { quickCreateProps } from '../../../ui/QuickCreate';
import { PartyTypeInput } from '../parties/PartyTypeInput';
import type { Party } from '../parties/types';

/** What each reference of a finance record points at, and how a screen calls it. */
export const REFERENCES = {
  categoryId: { reference: 'financeiro/categorias', label: 'adam.finance.category' },
  bankAccountId: { reference: 'financeiro/contas-bancarias', label: 'adam.finance.account' },
  creditCardId: { reference: 'financeiro/cartoes-de-credito', label: 'adam.finance.card' },
  vendorId: { reference: 'financeiro/fornecedores', label: 'adam.finance.vendor' },
  donorId: { reference: 'financeiro/contribuintes', label: 'adam.finance.donor' },
  fundId: { reference: 'financeiro/fundos', label: 'adam.finance.fund' },
} as const;

export type ReferenceSource = keyof typeof REFERENCES;

export interface ReferenceNameProps {
  source: ReferenceSource;
  /** "show" opens the record; none by default. */
  link?: LinkToType;
  emptyText?: string;
}

/** The name of the record `source` points at. */
export function ReferenceName({ source, link = false, emptyText }: ReferenceNameProps) {
  return (
    <ReferenceField
      source={source}
      reference={REFERENCES[source].reference}
      link={link}
      emptyText={emptyText}
    >
      <TextField source="name" />
    </ReferenceField>
  );
}

const byName = { field: 'name', order: 'ASC' } as const;
const searchByName = (text: string) => ({ q: text });

type Props = Omit<SelectInputProps, 'source'> & { source?: string };

/**
 * A form's category; `creatable` (with a `kind`): typed and, when missing, created in place by
 * its name. Filters keep the plain list.
 */
export function CategoryInput({
  kind,
  source = 'categoryId',
  creatable = false,
  ...props
}: Props & { kind?: CategoryKind; creatable?: boolean }) {
  const reference = REFERENCES.categoryId.reference;
  return (
    <ReferenceInput
      source={source}
      reference={reference}
      sort={byName}
      perPage={200}
      filter={kind ? { kind, active: true, postable: true } : { postable: true }}
    >
      {creatable && kind ? (
        <AutocompleteInput
          optionText="name"
          filterToQuery={searchByName}
          label={REFERENCES.categoryId.label}
          {...quickCreateProps({ resource: reference, defaults: { kind, active: true } })}
          {...(props as Omit<AutoProps, 'source'>)}
        />
      ) : (
        <SelectInput optionText="name" label={REFERENCES.categoryId.label} {...props} />
      )}
    </ReferenceInput>
  );
}

/** A congregation input follows the account chosen beside it (CongregationInput's `follow`). */
export const ACCOUNT_CONGREGATION = {
  source: 'bankAccountId',
  reference: REFERENCES.bankAccountId.reference,
};

export function AccountInput({
  source = 'bankAccountId',
  activeOnly = true,
  ...props
}: Props & { activeOnly?: boolean }) {
  return (
    <ReferenceInput
      source={source}
      reference={REFERENCES.bankAccountId.reference}
      sort={byName}
      perPage={100}
      filter={activeOnly ? { active: true } : {}}
    >
      <SelectInput optionText="name" label={REFERENCES.bankAccountId.label} {...props} />
    </ReferenceInput>
  );
}

/** The fund of an income or expense; empty: the free resources (recursos livres). */
export function FundInput({ source = 'fundId', ...props }: Props) {
  return (
    <ReferenceInput
      source={source}
      reference={REFERENCES.fundId.reference}
      sort={byName}
      perPage={100}
      filter={{ active: true }}
    >
      <SelectInput
        optionText="name"
        label={REFERENCES.fundId.label}
        emptyText="adam.finance.free_funds"
        helperText="adam.finance.fund_help"
        {...props}
      />
    </ReferenceInput>
  );
}

export function CardInput({ source = 'creditCardId', ...props }: Props) {
  return (
    <ReferenceInput
      source={source}
      reference={REFERENCES.creditCardId.reference}
      sort={byName}
      perPage={100}
      filter={{ active: true }}
    >
      <SelectInput optionText="name" label={REFERENCES.creditCardId.label} {...props} />
    </ReferenceInput>
  );
}

type AutoProps = Omit<AutocompleteInputProps, 'source'> & { source?: string };
type PartyProps = AutoProps & { creatable?: boolean };

/** A vendor or donor made in place: its name (already typed) and whether a person or a company. */
const partyCreate = (reference: string, personType: 'person' | 'entity') =>
  quickCreateProps({
    resource: reference,
    defaults: { personType },
    nameLabel: 'adam.finance.name',
    children: <PartyTypeInput />,
  });

/** `creatable`: a vendor not found is created in place (forms; filters only search). */
export function VendorInput({ source = 'vendorId', creatable = false, ...props }: PartyProps) {
  return (
    <ReferenceInput
      source={source}
      reference={REFERENCES.vendorId.reference}
      sort={byName}
      perPage={20}
    >
      <AutocompleteInput
        optionText="name"
        filterToQuery={searchByName}
        label={REFERENCES.vendorId.label}
        {...(creatable ? partyCreate(REFERENCES.vendorId.reference, 'entity') : {})}
        {...props}
      />
    </ReferenceInput>
  );
}

/**
 * A donor in the choices: the whole name, and under it what tells two Antônios apart (document,
 * city) — the field itself cut the name ("Antônio Conc…").
 */
function DonorOption() {
  const donor = useRecordContext<Party>();
  if (!donor) return null;
  const hint = [formatDocument(donor.document), donor.city].filter(Boolean).join(' · ');
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2">{donor.name}</Typography>
      {hint && (
        <Typography variant="caption" color="textSecondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

const donorName = (donor: Party | undefined) => donor?.name ?? '';
const matchName = () => true;

/** `creatable`: a donor not found is created in place (forms; filters only search). */
export function DonorInput({ source = 'donorId', creatable = false, ...props }: PartyProps) {
  return (
    <ReferenceInput
      source={source}
      reference={REFERENCES.donorId.reference}
      sort={byName}
      perPage={20}
    >
      <AutocompleteInput
        optionText={<DonorOption />}
        inputText={donorName}
        // The server already searched by name (filterToQuery).
        matchSuggestion={matchName}
        filterToQuery={searchByName}
        label={REFERENCES.donorId.label}
        {...(creatable ? partyCreate(REFERENCES.donorId.reference, 'person') : {})}
        {...props}
      />
    </ReferenceInput>
  );
}
