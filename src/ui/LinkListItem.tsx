import { ListItem, ListItemButton, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A row of a MUI <List> that opens a page: the link inside a list item (a <ul> may only hold
 * <li>s, so screen readers count and announce the rows). `action`, a control of its own (a
 * WhatsApp link, say), sits beside the link, never inside it: a link within a link is one
 * control to a keyboard and to a screen reader.
 */
export function LinkListItem({
  to,
  sx,
  action,
  children,
}: {
  to: string;
  sx?: SxProps<Theme>;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ListItem disablePadding secondaryAction={action}>
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
