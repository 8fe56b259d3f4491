import { useRecordContext } from 'react-admin';
import { ADMISSION_TYPE_LABELS, SEX_LABELS, maritalStatusLabel } from '../../../domain/members';
import {
  formatBoolean,
  formatCpf,
  formatDate,
  formatDateTime,
  formatPhone,
  formatZipCode,
} from '../../../domain/formats';
import { DepartmentsField } from './DepartmentsField';
import { DetailItem, DetailSection } from '../../ui/DetailSection';
import { PositionField } from './PositionField';
import { labelOf } from '../../ui/choices';
import type { Member } from './types';

const field = (name: string) => `resources.membros.fields.${name}`;

export function MemberPersonalDetails() {
  const m = useRecordContext<Member>();
  if (!m) return null;
  return (
    <DetailSection title="resources.membros.tabs.personal">
      <DetailItem label={field('sex')}>{labelOf(SEX_LABELS, m.sex)}</DetailItem>
      <DetailItem label={field('birthDate')}>{formatDate(m.birthDate)}</DetailItem>
      <DetailItem label={field('maritalStatus')}>
        {maritalStatusLabel(m.maritalStatus, m.sex)}
      </DetailItem>
      <DetailItem label={field('spouseName')}>{m.spouseName}</DetailItem>
      <DetailItem label={field('cpf')}>{formatCpf(m.cpf)}</DetailItem>
      <DetailItem label={field('rg')}>{m.rg}</DetailItem>
      <DetailItem label={field('birthplace')}>{m.birthplace}</DetailItem>
      <DetailItem label={field('profession')}>{m.profession}</DetailItem>
      <DetailItem label={field('fatherName')}>{m.fatherName}</DetailItem>
      <DetailItem label={field('motherName')}>{m.motherName}</DetailItem>
    </DetailSection>
  );
}

export function MemberContactDetails() {
  const m = useRecordContext<Member>();
  if (!m) return null;
  const cityState = [m.city, m.state].filter(Boolean).join(' - ');
  return (
    <DetailSection title="resources.membros.tabs.contact">
      <DetailItem label={field('email')}>{m.email}</DetailItem>
      <DetailItem label={field('phoneMobile')}>{formatPhone(m.phoneMobile)}</DetailItem>
      <DetailItem label={field('phoneHome')}>{formatPhone(m.phoneHome)}</DetailItem>
      <DetailItem label={field('zipCode')}>{formatZipCode(m.zipCode)}</DetailItem>
      <DetailItem label={field('street')}>{m.street}</DetailItem>
      <DetailItem label={field('number')}>{m.number}</DetailItem>
      <DetailItem label={field('complement')}>{m.complement}</DetailItem>
      <DetailItem label={field('district')}>{m.district}</DetailItem>
      <DetailItem label="resources.membros.city_state">{cityState}</DetailItem>
    </DetailSection>
  );
}

/** `whole`: false for the reduced record (issue 13): the congregation, position and departments. */
export function MemberChurchDetails({ whole = true }: { whole?: boolean }) {
  const m = useRecordContext<Member>();
  if (!m) return null;
  if (!whole) {
    return (
      <DetailSection title="resources.membros.tabs.church">
        <DetailItem label={field('congregationId')}>{m.congregationName}</DetailItem>
        <DetailItem label={field('positionId')}>
          {m.positionId ? <PositionField /> : null}
        </DetailItem>
        <DetailItem label={field('departmentIds')} wide>
          {m.departmentIds?.length ? <DepartmentsField /> : null}
        </DetailItem>
      </DetailSection>
    );
  }
  return (
    <DetailSection title="resources.membros.tabs.church">
      <DetailItem label={field('congregationId')}>{m.congregationName}</DetailItem>
      <DetailItem label={field('positionId')}>{m.positionId ? <PositionField /> : null}</DetailItem>
      <DetailItem label={field('admissionDate')}>{formatDate(m.admissionDate)}</DetailItem>
      <DetailItem label={field('admissionType')}>
        {labelOf(ADMISSION_TYPE_LABELS, m.admissionType)}
      </DetailItem>
      <DetailItem label={field('originChurch')}>{m.originChurch}</DetailItem>
      <DetailItem label={field('baptismDate')}>{formatDate(m.baptismDate)}</DetailItem>
      <DetailItem label={field('holySpiritBaptism')}>
        {formatBoolean(m.holySpiritBaptism ?? false)}
      </DetailItem>
      <DetailItem label={field('consecrationDate')}>{formatDate(m.consecrationDate)}</DetailItem>
      <DetailItem label={field('departmentIds')} wide>
        {m.departmentIds?.length ? <DepartmentsField /> : null}
      </DetailItem>
      <DetailItem label={field('notes')} wide>
        {m.notes}
      </DetailItem>
    </DetailSection>
  );
}

export function MemberRecordDetails() {
  const m = useRecordContext<Member>();
  if (!m) return null;
  return (
    <DetailSection title="resources.membros.record">
      <DetailItem label={field('createdAt')}>{formatDateTime(m.createdAt)}</DetailItem>
      <DetailItem label={field('updatedAt')}>{formatDateTime(m.updatedAt)}</DetailItem>
    </DetailSection>
  );
}
