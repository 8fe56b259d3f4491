// The first-run checklist of /visao_geral (admins): each item the church still has to set, linked
// to the screen where it is done; gone when all are done or when an admin dismisses it.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChecklistIcon from '@mui/icons-material/Checklist';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { SetupChecklist, SetupItem } from '../../../domain/setup';
import type { AppDataProvider } from '../../providers/dataProvider';
import { paths } from '../../routing/paths';
import { useAction } from '../../providers/useAction';

/** Where each item is done. */
const ITEM_PATHS: Record<SetupItem, string> = {
  church_name: paths.list('configuracoes/igreja'),
  pastor_name: paths.list('configuracoes/igreja'),
  city: paths.list('configuracoes/igreja'),
  logo: paths.list('configuracoes/igreja'),
  credential_validity: paths.list('configuracoes/igreja'),
  users: paths.create('configuracoes/usuarios'),
};

export function SetupChecklistCard({ checklist }: { checklist: SetupChecklist | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { run, busy } = useAction();
  if (!checklist || checklist.complete || checklist.dismissed) return null;
  const done = checklist.items.filter((item) => item.done).length;
  const total = checklist.items.length;

  const dismiss = async () => {
    const answer = await run(() => dataProvider.dismissSetupChecklist());
    if (!answer) return;
    queryClient.setQueryData(['dashboard'], (figures: object | undefined) =>
      figures ? { ...figures, setupChecklist: answer } : figures,
    );
    notify('adam.dashboard.setup.dismissed', { type: 'info' });
  };

  return (
    <Card component="section" aria-labelledby="setup-checklist-title" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ color: 'primary.main', display: { xs: 'none', sm: 'flex' }, pt: 0.5 }}>
            <ChecklistIcon fontSize="large" />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id="setup-checklist-title" variant="h6" component="h2">
              {translate('adam.dashboard.setup.title')}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {translate('adam.dashboard.setup.intro')}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(done / total) * 100}
              aria-label={translate('adam.dashboard.setup.progress', { done, total })}
              sx={{ mb: 0.5 }}
            />
            <Typography variant="caption" color="textSecondary">
              {translate('adam.dashboard.setup.progress', { done, total })}
            </Typography>
            <List dense disablePadding sx={{ mt: 1 }}>
              {checklist.items.map((item) => {
                const text = (
                  <ListItemText
                    primary={translate(`adam.dashboard.setup.items.${item.key}`)}
                    secondary={
                      item.done
                        ? translate('adam.dashboard.setup.done')
                        : translate(`adam.dashboard.setup.hints.${item.key}`)
                    }
                  />
                );
                const icon = (
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {item.done ? (
                      <CheckCircleIcon color="success" />
                    ) : (
                      <RadioButtonUncheckedIcon color="action" />
                    )}
                  </ListItemIcon>
                );
                return (
                  <ListItem key={item.key} disablePadding data-item={item.key}>
                    {item.done ? (
                      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 0.5 }}>
                        {icon}
                        {text}
                      </Box>
                    ) : (
                      <ListItemButton component={Link} to={ITEM_PATHS[item.key]}>
                        {icon}
                        {text}
                      </ListItemButton>
                    )}
                  </ListItem>
                );
              })}
            </List>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Button onClick={dismiss} disabled={busy} size="small">
                {translate('adam.dashboard.setup.dismiss')}
              </Button>
            </Box>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
