import InboxIcon from '@mui/icons-material/Inbox';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useResourceContext, useTranslate } from 'react-admin';
import { CreatePathButton } from './links';
import { useCanWrite } from '../routing/useCanWrite';

/**
 * `empty` of lists (react-admin's own would link to /<resource>/create): the resource's
 * `empty` text, and the Portuguese create button for users who may write (with `actions`, more
 * buttons for them beside it, e.g. the members' import). `invite={false}`: a list of what arrives
 * by itself (submissions waiting for review), nothing to create.
 */
export function EmptyList({ actions, invite = true }: { actions?: ReactNode; invite?: boolean }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const writable = useCanWrite();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, flex: 1 }}>
      <InboxIcon sx={{ fontSize: 72, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate(`resources.${resource}.empty`, { _: translate('ra.navigation.no_results') })}
      </Typography>
      {writable && invite && (
        <>
          <Typography color="textSecondary" sx={{ mt: 1, mb: 2 }}>
            {translate(`resources.${resource}.invite`, { _: translate('ra.page.invite') })}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
            <CreatePathButton variant="contained" />
            {actions}
          </Stack>
        </>
      )}
    </Box>
  );
}
