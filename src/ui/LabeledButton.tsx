import { Button, type ButtonProps } from '@mui/material';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/**
 * An action button whose words show on every screen (react-admin's Button shrinks to a bare icon
 * below the sm breakpoint, too cryptic for issue, renew, approve, export or print, and nameless
 * when disabled). `label`: an i18n key; `to`: makes it a link to that path.
 */
export function LabeledButton({
  label,
  children,
  to,
  ...props
}: Omit<ButtonProps, 'startIcon'> & { label: string; children: ReactElement; to?: string }) {
  const translate = useTranslate();
  const text = translate(label, { _: label });
  if (to !== undefined) {
    return (
      <Button size="small" startIcon={children} component={Link} to={to} {...props}>
        {text}
      </Button>
    );
  }
  return (
    <Button size="small" startIcon={children} {...props}>
      {text}
    </Button>
  );
}
