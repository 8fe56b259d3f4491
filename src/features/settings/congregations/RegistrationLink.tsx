import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, InputAdornment, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { registrationPath } from '../../../../domain/congregations';

/** The QR code of `text` as an SVG data URL (the qrcode package, loaded with this screen). */
function useQrCode(text: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (current) setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`);
      })
      .catch(() => {
        if (current) setSvg(null);
      });
    return () => {
      current = false;
    };
  }, [text]);
  return svg;
}

/** A congregation's registration link, to copy and share, and its QR code. */
export function RegistrationLink({
  slug,
  name,
  url: given,
}: {
  slug: string;
  name: string;
  /** The API's link (PUBLIC_URL when set); else this browser's origin. */
  url?: string | null;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const url = given ?? `${window.location.origin}${registrationPath(slug)}`;
  const qr = useQrCode(url);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify('resources.configuracoes/congregacoes.link_copied', { type: 'info' });
    } catch {
      notify('resources.configuracoes/congregacoes.link_not_copied', { type: 'warning' });
    }
  };
  const label = translate('resources.configuracoes/congregacoes.copy_link');
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
      <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
        <TextField
          label={translate('resources.configuracoes/congregacoes.registration_link')}
          value={url}
          fullWidth
          helperText={translate('resources.configuracoes/congregacoes.registration_link_help')}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'registration-link' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={label}>
                    <IconButton aria-label={label} onClick={copy} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {qr ? (
        <Box sx={{ textAlign: 'center' }}>
          <Box
            component="img"
            src={qr}
            alt={translate('resources.configuracoes/congregacoes.qr_alt', { name })}
            sx={{ width: 128, height: 128, display: 'block', bgcolor: '#fff' }}
          />
          <Typography variant="caption" component="a" href={qr} download={`cadastro-${slug}.svg`}>
            {translate('resources.configuracoes/congregacoes.qr_download')}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
