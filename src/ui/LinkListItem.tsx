import { ListItem, ListItemButton, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A row of a MUI <List> that opens a page: the link inside a list item (a <ul> may only hold
 * <li>s, so screen readers count and announce the rows).
 */
export function LinkListItem({
  to,
  sx,
  children,
}: {
  to: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={to}
        sx={[{ borderRadius: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {children}
      </ListItemButton>
    </ListItem>
  );
}
