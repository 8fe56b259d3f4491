import ChurchIcon from '@mui/icons-material/Church';
import { Avatar, Box, Container, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { usePublicChurch } from '../../providers/usePublicChurch';

/** The frame of the pages that need no login: the church's logo and name, then the content. */
export function PublicShell({ title, children }: { title: string; children: ReactNode }) {
  const { data: church } = usePublicChurch();
  useEffect(() => {
    document.title = church?.name ? `${title} – ${church.name}` : title;
  }, [title, church?.name]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', pb: 6 }}>
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: { xs: 2, sm: 3 } }}>
        <Container maxWidth="md">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {church?.logo ? (
              <Avatar src={church.logo} alt="" sx={{ width: 56, height: 56, bgcolor: 'white' }} />
            ) : (
              <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.dark' }}>
                <ChurchIcon />
              </Avatar>
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
                {church?.name ?? '\u00a0'}
              </Typography>
              <Typography variant="body2" sx={{ opacity: 0.85 }}>
                {title}
              </Typography>
            </Box>
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="md" sx={{ mt: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        {children}
      </Container>
    </Box>
  );
}
