// The names of the cells' levels, as the church calls them (Rede, Setor, Célula unless renamed):
// the office of the whole church renames them (they reach every congregation).
import { Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';
import { FormDialog } from '../../../ui/FormDialog';
import { T } from './types';

export function LevelNamesDialog({
  levels,
  onClose,
}: {
  levels: Array<{ id: string; name: string }>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(levels.map((level) => [level.id, level.name])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    const wrong: Record<string, string> = {};
    for (const level of levels) {
      if (names[level.id].trim() === level.name) continue;
      try {
        await dataProvider.renameCellLevel(level.id, names[level.id]);
      } catch (failure) {
        const body = failure instanceof HttpError ? (failure.body as { errors?: unknown }) : null;
        const field = (body?.errors as Record<string, string> | undefined)?.name;
        wrong[level.id] = field ?? (failure as Error).message;
      }
    }
    setErrors(wrong);
    void queryClient.invalidateQueries({ queryKey: ['cell_levels'] });
    void queryClient.invalidateQueries({ queryKey: ['igreja/celulas'] });
    if (Object.keys(wrong).length === 0) {
      notify(translate(`${T}.levels_saved`), { type: 'success' });
      onClose();
    }
  };
  return (
    <FormDialog
      open
      title={translate(`${T}.levels_title`)}
      explain={[translate(`${T}.levels_explain`)]}
      submit={translate('ra.action.save')}
      onSubmit={save}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        {levels.map((level, index) => (
          <TextField
            key={level.id}
            label={translate(`${T}.level_n`, { n: index + 1 })}
            value={names[level.id]}
            onChange={(event) => setNames({ ...names, [level.id]: event.target.value })}
            error={Boolean(errors[level.id])}
            helperText={errors[level.id]}
            required
            fullWidth
          />
        ))}
      </Stack>
    </FormDialog>
  );
}
