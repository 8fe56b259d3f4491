// The app bar's congregation selector (issue 12): "Todas" or one congregation, for a user who
// sees more than one. A button naming the current choice (an icon on phones, where the title
// shows the choice beneath it) opens a menu of radio items, reachable and usable by keyboard.
import CheckIcon from '@mui/icons-material/Check';
import ChurchIcon from '@mui/icons-material/Church';
import {
  Box,
  Button,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { CONGREGATION_KIND_LABELS } from '../../domain/congregations';
import { useCongregationChoices, useCongregationSelection } from './useCongregationSelection';

export function CongregationSelector() {
  const translate = useTranslate();
  const { choices, visible, selected, current, choose } = useCongregationSelection();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!visible) return null;

  const currentName = current?.name ?? translate('adam.congregation.all');
  const label = translate('adam.congregation.selector_current', { name: currentName });
  const open = (event: React.MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const pick = (id: number | null) => {
    setAnchor(null);
    choose(id);
  };
  const buttonProps = {
    'aria-label': label,
    'aria-haspopup': 'menu' as const,
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    onClick: open,
    color: 'inherit' as const,
  };
  const item = (id: number | null, name: string, detail?: string) => (
    <MenuItem
      key={id ?? 'all'}
      role="menuitemradio"
      aria-checked={selected === id}
      selected={selected === id}
      onClick={() => pick(id)}
    >
      <ListItemIcon>{selected === id ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
      {/* The kind in the text's own colour: the selected or focused item's tint would leave the
          theme's grey secondary text below the contrast a reader needs. */}
      <ListItemText
        primary={name}
        secondary={detail}
        slotProps={{ secondary: { sx: { color: 'text.primary' } } }}
      />
    </MenuItem>
  );

  return (
    <>
      <Tooltip title={translate('adam.congregation.selector')}>
        <Box component="span" sx={{ display: 'inline-flex' }}>
          <Button
            {...buttonProps}
            startIcon={<ChurchIcon />}
            sx={{
              display: { xs: 'none', sm: 'inline-flex' },
              textTransform: 'none',
              maxWidth: 240,
              whiteSpace: 'nowrap',
            }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {currentName}
            </Box>
          </Button>
          <IconButton {...buttonProps} sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
            <ChurchIcon />
          </IconButton>
        </Box>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: { 'aria-label': translate('adam.congregation.selector') },
          paper: { sx: { maxHeight: '70vh', minWidth: 240 } },
        }}
      >
        {item(null, translate('adam.congregation.all'))}
        {choices.map((choice) =>
          item(
            choice.id,
            choice.name,
            choice.active
              ? CONGREGATION_KIND_LABELS[choice.kind]
              : `${CONGREGATION_KIND_LABELS[choice.kind]} · ${translate('adam.congregation.inactive')}`,
          ),
        )}
      </Menu>
    </>
  );
}

/** On phones, the selected congregation under the screen's title (the button is an icon there). */
export function SelectedCongregationCaption() {
  const translate = useTranslate();
  const { visible, current } = useCongregationChoices();
  if (!visible) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      noWrap
      data-testid="selected-congregation"
      sx={{ display: { xs: 'block', sm: 'none' }, opacity: 0.85, lineHeight: 1.2 }}
    >
      {current?.name ?? translate('adam.congregation.all')}
    </Typography>
  );
}
