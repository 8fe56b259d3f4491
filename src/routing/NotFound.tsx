import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { DASHBOARD_PATH } from './paths';

export function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Title title="adam.not_found.title" />
      <SearchOffIcon sx={{ fontSize: 72, color: 'text.secondary' }} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('adam.not_found.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1, mb: 3 }}>
        {translate('adam.not_found.message')}
      </Typography>
      <Button variant="contained" component={Link} to={DASHBOARD_PATH}>
        {translate('adam.not_found.back')}
      </Button>
    </Box>
  );
}
