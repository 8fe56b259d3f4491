import { Button, type ButtonProps } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';

/**
 * An action button whose words show on every screen (react-admin's Button shrinks to a bare icon
 * below the md breakpoint, too cryptic for issue, renew, approve or reject). `label`: an i18n key.
 */
export function LabeledButton({
  label,
  children,
  ...props
}: Omit<ButtonProps, 'startIcon'> & { label: string; children: ReactElement }) {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={children} {...props}>
      {translate(label)}
    </Button>
  );
}
