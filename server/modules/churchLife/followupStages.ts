// The church's consolidação pipeline (/igreja/etapas): a small church-wide table of ordered
// stages, each with the days after the start its step is due. A stage with steps is kept
// (deactivated instead of deleted): the steps name it.
import { followupStageSchema } from '../../../domain/followups.js';
import type { SmallTableDefinition } from '../../http/smallTable.js';
import { conflict } from '../../plugins/errors.js';

export const followupStagesTable: SmallTableDefinition<
  'followup_stages',
  typeof followupStageSchema
> = {
  api: 'followup_stages',
  table: 'followup_stages',
  schema: followupStageSchema,
  notFound: 'Etapa da consolidação não encontrada.',
  sortable: ['id', 'name', 'sort_order', 'due_days'],
  defaultSort: { field: 'sort_order', order: 'asc' },
  searchable: (record) => String(record.name),
  filters: { active: 'bool' },
  async toApi(rows) {
    return rows.map((row) => ({ ...row, active: Boolean(row.active) }));
  },
  async columns(stage, db, id) {
    const stored = id
      ? await db
          .selectFrom('followup_stages')
          .select('created_at')
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    const now = new Date().toISOString();
    return { ...stage, created_at: stored?.created_at ?? now, updated_at: now };
  },
  async assertDeletable(db, id) {
    const used = await db
      .selectFrom('followups')
      .select('id')
      .where('stage_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) {
      throw conflict(
        'Esta etapa já foi usada na consolidação de visitantes: não pode ser excluída. Para deixar de usá-la, desative-a.',
      );
    }
  },
};
