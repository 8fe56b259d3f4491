import { Chip, Stack, Typography } from '@mui/material';
import { useGetMany, useRecordContext, useTranslate } from 'react-admin';
import { CONGREGATIONS_RESOURCE } from '../../../ui/inputs';

/** The congregations a user is limited to, or "Toda a igreja" when none. */
export function CongregationsField(_props: { label?: string }) {
  const translate = useTranslate();
  const record = useRecordContext<{ congregationIds?: number[] }>();
  const ids = record?.congregationIds ?? [];
  const { data } = useGetMany<{ id: number; name: string }>(
    CONGREGATIONS_RESOURCE,
    { ids },
    { enabled: ids.length > 0 },
  );
  if (ids.length === 0) {
    return (
      <Typography variant="body2" component="span">
        {translate('adam.congregation.whole_church')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {ids.map((id) => (
        <Chip
          key={id}
          label={data?.find((row) => row.id === id)?.name ?? `#${id}`}
          size="small"
          variant="outlined"
        />
      ))}
    </Stack>
  );
}
