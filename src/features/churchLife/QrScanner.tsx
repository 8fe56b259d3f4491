// The phone's camera reading a member's credential QR code (@zxing/browser), loaded only when the
// scanner is opened, so the app's first load stays small. It stops at the first code it reads.
import { Alert, Box } from '@mui/material';
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

export default function QrScanner({ onRead }: { onRead: (text: string) => void }) {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const done = useRef(onRead);
  useEffect(() => {
    done.current = onRead;
  }, [onRead]);

  useEffect(() => {
    let controls: IScannerControls | undefined;
    let stopped = false;
    const reader = new BrowserQRCodeReader();
    reader
      .decodeFromVideoDevice(undefined, video.current!, (result, _error, running) => {
        if (!result || stopped) return;
        stopped = true;
        running.stop();
        done.current(result.getText());
      })
      .then((started) => {
        controls = started;
        if (stopped) started.stop();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);

  if (failed) return <Alert severity="warning">{translate('adam.church_life.scan_error')}</Alert>;
  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      aria-label={translate('adam.church_life.scan_title')}
      sx={{ width: '100%', maxWidth: 420, borderRadius: 1, bgcolor: 'black' }}
    />
  );
}
