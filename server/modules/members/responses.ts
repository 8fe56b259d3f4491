// What the member routes answer, per reader (issue 23): Fastify serializes an answer through its
// zod object, which sends only the declared keys, so a field the projection (projection.ts) let
// through by mistake still does not leave. The reduced shapes are picked by the same key lists
// as the projection (domain/memberAccess.ts): they never declare a CPF, an address or a phone.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { REDUCED_MEMBER_KEYS, REDUCED_MINISTRY_WORKER_KEYS } from '../../../domain/memberAccess.js';
import { answerThrough } from '../../http/schemas.js';
import type { MemberReader } from './projection.js';
import { LIST_COLUMNS, type toApiMember } from './row.js';

const text = z.string().nullable();
const recordId = z.number().int();

/** Every field of the whole member record (toApiMember), and nothing else: the compiler checks. */
const MEMBER_FIELDS = {
  id: recordId,
  congregation_id: recordId,
  congregation_name: z.string(),
  name: z.string(),
  photo: text,
  photo_thumb: text,
  has_photo: z.boolean(),
  sex: text,
  birth_date: text,
  marital_status: text,
  spouse_name: text,
  cpf: text,
  rg: text,
  email: text,
  phone_mobile: text,
  phone_home: text,
  zip_code: text,
  street: text,
  number: text,
  complement: text,
  district: text,
  city: text,
  state: text,
  birthplace: text,
  father_name: text,
  mother_name: text,
  profession: text,
  status: z.string(),
  admission_date: text,
  admission_type: text,
  origin_church: text,
  baptism_date: text,
  holy_spirit_baptism: z.boolean(),
  position_id: recordId.nullable(),
  consecration_date: text,
  custom_fields: z.record(z.string(), z.unknown()),
  department_ids: z.array(recordId),
  notes: text,
  consent_at: text,
  consent_version: text,
  guardian_name: text,
  guardian_consent_at: text,
  duplicate_of: recordId.nullable(),
  duplicate_reason: text,
  credential_expires_on: text,
  anonymized_at: text,
  created_at: z.string(),
  updated_at: z.string(),
} satisfies { [K in keyof ReturnType<typeof toApiMember>]: z.ZodType };

type MemberField = keyof typeof MEMBER_FIELDS;

const shapeOf = (keys: readonly MemberField[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, MEMBER_FIELDS[key]])));

// A reduced record keeps what the row has of the reduced keys (a list row has no full photo).
const optionalShapeOf = (keys: readonly MemberField[]) => shapeOf(keys).partial();

/** A reader's pair of answers: the whole one (secretary access) and the reduced one. */
export interface MemberAnswers {
  whole: z.ZodType;
  reduced: z.ZodType;
  /** The route's declared answer: the reduced one first, so that without a choice it wins. */
  declared: z.ZodType;
}

function answers(whole: z.ZodType, reduced: z.ZodType): MemberAnswers {
  return { whole, reduced, declared: z.union([reduced, whole]) };
}

const recordAnswer = answers(z.object(MEMBER_FIELDS), optionalShapeOf(REDUCED_MEMBER_KEYS));
const listRow = [...LIST_COLUMNS, 'congregation_name', 'department_ids'] as const;
const listAnswer = answers(
  z.array(shapeOf(listRow)),
  z.array(optionalShapeOf(REDUCED_MEMBER_KEYS.filter((key) => listRow.includes(key as never)))),
);

const MINISTRY_WORKER_FIELDS = [
  'id',
  'congregation_id',
  'congregation_name',
  'name',
  'photo_thumb',
  'position_id',
  'consecration_date',
  'phone_mobile',
  'status',
] as const satisfies readonly MemberField[];
const ministryWorkersAnswer = answers(
  z.array(shapeOf(MINISTRY_WORKER_FIELDS)),
  z.array(shapeOf(REDUCED_MINISTRY_WORKER_KEYS)),
);

/** The shapes of GET /api/members/:id, GET /api/members and GET /api/ministry_workers. */
export const MEMBER_ANSWERS = {
  record: recordAnswer,
  list: listAnswer,
  ministryWorkers: ministryWorkersAnswer,
} as const;

/**
 * A pending self-registration as the secretary reviews it (GET /api/registrations): a route of
 * secretary access alone, one shape.
 */
export const registrationsAnswer = z.array(
  z.object({
    ...shapeOf([
      'id',
      'congregation_id',
      'congregation_name',
      'name',
      'photo_thumb',
      'email',
      'cpf',
      'phone_mobile',
      'birth_date',
      'created_at',
      'consent_at',
      'consent_version',
      'guardian_name',
      'duplicate_of',
      'duplicate_reason',
    ]).shape,
    duplicate_name: text,
  }),
);

/** Sends this answer in the shape `reader` may read (whole or reduced). */
export function answerMembersAs(reply: FastifyReply, reader: MemberReader, shapes: MemberAnswers) {
  answerThrough(reply, reader.whole ? shapes.whole : shapes.reduced);
}
