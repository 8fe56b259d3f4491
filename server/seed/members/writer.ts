// How generated members reach the database: one bulk writer per dialect (sqliteWriter.ts,
// postgresWriter.ts) behind this interface. Rows are built by the API's own `toColumns`, so
// the derived columns (sort_name, search, birth_md, has_photo) are what the API would write.
import type { NewMember } from '../../db/schema.js';
import { toColumns } from '../../db/memberColumns.js';
import type { GeneratedMember } from './generator.js';

export interface MemberWriter {
  begin(): Promise<void>;
  batch(rows: NewMember[], links: Array<[number, number]>): Promise<void>;
  /** Sets the departments' leaders (department id -> member id), then commits. */
  finish(leaders: Map<number, number>): Promise<void>;
  abort(): Promise<void>;
  analyze(): Promise<void>;
}

/** Columns of a member row, in the order of the INSERT. */
export function memberRow(id: number, generated: GeneratedMember): NewMember {
  return {
    id,
    ...toColumns(generated.member, generated.member.custom_fields),
    created_at: generated.createdAt,
    updated_at: generated.updatedAt,
  };
}
