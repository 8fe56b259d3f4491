// Donors (most of them tithers, each with a usual tithe) and vendors (the bills' companies, the
// pastor's prebenda, then shops and services), with valid CPFs and CNPJs, searchable as the API
// would write them, all of the church's own city and its neighbours.
import { formatDocument } from '../../../domain/formats.js';
import { searchText } from '../../../domain/search.js';
import { isValidCnpj, isValidCpf } from '../../../domain/taxIds.js';
import {
  BILL_VENDORS,
  COMPANY_TRADES,
  PARTY_CITIES,
  PARTY_FIRST_NAMES,
  PARTY_SURNAMES,
} from '../lists/finance.js';
import type { FinanceLedger } from './ledger.js';
import type { Random } from './random.js';

export interface Donor {
  id: number;
  name: string;
  /** The usual monthly tithe, in centavos. */
  tithe: number;
}

export interface Vendor {
  id: number;
  name: string;
}

export const digits = (rand: Random, count: number) =>
  Array.from({ length: count }, () => rand.int(0, 9)).join('');

function documentOf(rand: Random, entity: boolean): string {
  const base = entity ? `${digits(rand, 8)}0001` : digits(rand, 9);
  for (let check = 0; check < 100; check++) {
    const candidate = base + String(check).padStart(2, '0');
    if (entity ? isValidCnpj(candidate) : isValidCpf(candidate)) return candidate;
  }
  return entity ? '11222333000181' : '52998224725';
}

const personName = (rand: Random) =>
  `${rand.pick(PARTY_FIRST_NAMES)} ${rand.pick(PARTY_SURNAMES)} ${rand.pick(PARTY_SURNAMES)}`;

/**
 * `count` donors; four in five of them are `members` (in order: name, CPF and the link that makes
 * a dizimista), the others givers from outside. The random draws are the same either way.
 */
export async function addDonors(
  ledger: FinanceLedger,
  count: number,
  members: ReadonlyArray<{ id: number; name: string; cpf: string | null }> = [],
): Promise<Donor[]> {
  const { rand, ids, writer, now } = ledger;
  const donors: Donor[] = [];
  for (let i = 0; i < count; i++) {
    const id = ids.next('donors');
    const member = i % 5 !== 4 ? members[i - Math.floor(i / 5)] : undefined;
    const drawn = personName(rand);
    const name = member?.name ?? drawn;
    const random = rand.chance(0.7) ? documentOf(rand, false) : null;
    const document = member ? member.cpf : random;
    const [city, state] = rand.pick(PARTY_CITIES);
    donors.push({ id, name, tithe: rand.money(30, 1500) });
    await writer.add('donors', {
      id,
      person_type: 'person',
      name,
      sort_name: searchText(name),
      search: searchText(name, document, formatDocument(document)),
      document,
      member_id: member?.id ?? null,
      email: null,
      phone: rand.chance(0.6) ? `119${digits(rand, 8)}` : null,
      city,
      state,
      created_at: now,
      updated_at: now,
    });
  }
  return donors;
}

export async function addVendors(ledger: FinanceLedger, count: number): Promise<Vendor[]> {
  const { rand, ids, writer, now } = ledger;
  const vendors: Vendor[] = [];
  for (let i = 0; i < count; i++) {
    const id = ids.next('vendors');
    const bill = BILL_VENDORS[i];
    // Suppliers are companies: a shop or a service named after its owner's family.
    const entity = bill ? bill.entity : true;
    const name =
      bill?.name ??
      `${rand.pick(COMPANY_TRADES)} ${rand.pick(PARTY_SURNAMES).replace(/^d[aeo]s? /, '')} Ltda.`;
    const document = documentOf(rand, entity);
    const [city, state] = rand.pick(PARTY_CITIES);
    vendors.push({ id, name });
    await writer.add('vendors', {
      id,
      person_type: entity ? 'entity' : 'person',
      name,
      sort_name: searchText(name),
      search: searchText(name, document, formatDocument(document)),
      document,
      email: null,
      phone: null,
      city,
      state,
      pix_key: entity ? null : document,
      created_at: now,
      updated_at: now,
    });
  }
  return vendors;
}
