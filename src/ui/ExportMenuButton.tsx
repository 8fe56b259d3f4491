// "Exportar dados" with its menu of formats (issues 13 and 26): a PDF to read, JSON to carry to
// another system. The texts come from `messages` (`export`, `export_pdf`, `export_json`).
import DownloadIcon from '@mui/icons-material/Download';
import { Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { LabeledButton } from './LabeledButton';

const FORMATS = ['pdf', 'json'] as const;
export type ExportFormat = (typeof FORMATS)[number];

export function ExportMenuButton({
  id,
  messages,
  disabled,
  onExport,
}: {
  /** The button's id; the menu's is `${id}-menu`. */
  id: string;
  messages: string;
  disabled?: boolean;
  onExport(format: ExportFormat): void;
}) {
  const translate = useTranslate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const menuId = `${id}-menu`;
  return (
    <>
      <LabeledButton
        label={`${messages}.export`}
        id={id}
        aria-haspopup="menu"
        aria-controls={menu ? menuId : undefined}
        aria-expanded={menu ? 'true' : undefined}
        onClick={(event) => setMenu(event.currentTarget)}
        disabled={disabled}
      >
        <DownloadIcon />
      </LabeledButton>
      <Menu
        id={menuId}
        anchorEl={menu}
        open={Boolean(menu)}
        onClose={() => setMenu(null)}
        slotProps={{ list: { 'aria-labelledby': id } }}
      >
        {FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setMenu(null);
              onExport(format);
            }}
          >
            {translate(`${messages}.export_${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
