import {
  BooleanInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
  useRecordContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { monthName } from '../../../../domain/calendar';
import { congregationSchema } from '../../../../domain/congregationSchema';
import { addMonths, todayIso } from '../../../../domain/dates';
import { monthsBetween } from '../../../../domain/reports';
import { CONGREGATION_KIND_LABELS } from '../../../../domain/congregations';
import { choicesFrom, UF_CHOICES } from '../../../ui/choices';
import { FormGrid } from '../../../ui/FormGrid';
import { PhoneInput, ZipCodeInput, schemaValidator } from '../../../ui/inputs';
import { RegistrationLink } from './RegistrationLink';
import type { Congregation } from './types';

const KIND_CHOICES = choicesFrom(CONGREGATION_KIND_LABELS);
const BRANCH_CHOICES = KIND_CHOICES.filter((choice) => choice.id !== 'sede');

/** The server's congregation schema, for each input's own field. */
const rule = schemaValidator(congregationSchema);

/**
 * The months a repasse may start in, in words: three years back to one ahead (and the stored one,
 * whatever it is).
 */
function transferMonths(record: Congregation | undefined) {
  const today = todayIso();
  const months = monthsBetween(addMonths(today, -36).slice(0, 7), addMonths(today, 12).slice(0, 7));
  if (record?.transferFrom && !months.includes(record.transferFrom)) {
    months.push(record.transferFrom);
  }
  return months
    .sort()
    .reverse()
    .map((month) => ({ id: month, name: monthName(month) }));
}

/** A sub-sede hangs from the sede; a congregação from the sede or a sub-sede. */
const PARENT_KINDS = { subsede: ['sede'], congregacao: ['sede', 'subsede'] } as const;

/** The form body shared by create and edit: the congregation, its link, address and contacts. */
export function CongregationInputs() {
  const record = useRecordContext<Congregation>();
  const kind = useWatch({ name: 'kind' }) as Congregation['kind'] | undefined;
  const common = { fullWidth: true, validate: rule };
  const isSede = kind === 'sede';
  return (
    <FormGrid>
      <TextInput {...common} source="name" validate={[required(), rule]} className="span-2" />
      <SelectInput
        {...common}
        source="kind"
        // The sede stays the sede; there is only one.
        choices={record?.kind === 'sede' ? KIND_CHOICES : BRANCH_CHOICES}
        readOnly={record?.kind === 'sede'}
        validate={[required(), rule]}
      />
      {isSede ? (
        <div />
      ) : (
        <ReferenceInput
          source="parentId"
          reference="configuracoes/congregacoes"
          filter={{ kind: PARENT_KINDS[kind === 'subsede' ? 'subsede' : 'congregacao'] }}
          sort={{ field: 'kind', order: 'ASC' }}
          perPage={200}
        >
          <SelectInput
            {...common}
            optionText="name"
            helperText="resources.configuracoes/congregacoes.parent_help"
          />
        </ReferenceInput>
      )}
      <TextInput
        {...common}
        source="slug"
        helperText="resources.configuracoes/congregacoes.slug_help"
      />
      <BooleanInput
        source="active"
        label="resources.configuracoes/congregacoes.active_yes"
        helperText="resources.configuracoes/congregacoes.active_help"
      />
      {/* The repasse to the sede (issue 27): a congregation's, never the sede's. */}
      {isSede ? null : (
        <>
          <NumberInput
            {...common}
            source="transferPercent"
            min={0}
            max={100}
            step={0.01}
            helperText="resources.configuracoes/congregacoes.transfer_help"
          />
          <SelectInput {...common} source="transferFrom" choices={transferMonths(record)} />
        </>
      )}
      {record?.slug ? (
        <div className="span-2">
          <RegistrationLink slug={record.slug} name={record.name} url={record.registrationUrl} />
        </div>
      ) : null}
      <TextInput {...common} source="leaderName" />
      <PhoneInput {...common} source="phone" />
      <TextInput {...common} source="email" type="email" />
      <ZipCodeInput {...common} source="zipCode" />
      <TextInput {...common} source="street" />
      <TextInput {...common} source="number" />
      <TextInput {...common} source="complement" />
      <TextInput {...common} source="district" />
      <TextInput {...common} source="city" />
      <SelectInput {...common} source="state" choices={UF_CHOICES} />
    </FormGrid>
  );
}
