import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { type NoticeSection, privacyNotice } from '../../../domain/privacy';
import type { AppDataProvider } from '../../providers/dataProvider';
import { REGISTRATION_PATH } from '../../routing/publicPaths';
import { PublicShell } from './PublicShell';

function Section({ section }: { section: NoticeSection }) {
  const titleId = `privacidade-${section.id}`;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {section.title}
      </Typography>
      {section.paragraphs.map((text) => (
        <Typography key={text} sx={{ mb: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      ))}
      {section.items && (
        <Box component="ul" sx={{ mt: 0, mb: 1, pl: 3 }}>
          {section.items.map((item) => (
            <Typography key={item} component="li" sx={{ mb: 0.5 }}>
              {item}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * /privacidade: the church's privacy notice, without login (issue 13), written from its
 * settings (domain/privacy.ts): controller, encarregado, purposes, legal bases, sharing,
 * retention, the holder's rights and how to ask.
 */
export default function PrivacyPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['public', 'privacy'],
    queryFn: () => dataProvider.getPrivacy(),
    staleTime: 5 * 60 * 1000,
  });
  const title = translate('adam.privacy.title');

  let content;
  if (isPending) {
    content = (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <CircularProgress aria-label={title} />
      </Box>
    );
  } else if (error || !data) {
    content = <Alert severity="error">{translate('adam.privacy.failed')}</Alert>;
  } else {
    content = (
      <Stack spacing={3}>
        <Typography>{translate('adam.privacy.intro', { name: data.name })}</Typography>
        {privacyNotice(data).map((section) => (
          <Section key={section.id} section={section} />
        ))}
      </Stack>
    );
  }

  return (
    <PublicShell title={title}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {title}
          </Typography>
          {content}
          <Box sx={{ mt: 3 }}>
            <Link component={RouterLink} to={REGISTRATION_PATH}>
              {translate('adam.privacy.back')}
            </Link>
          </Box>
        </CardContent>
      </Card>
    </PublicShell>
  );
}
