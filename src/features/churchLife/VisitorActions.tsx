// The visitor page's actions: edit, give or withdraw the consent to be contacted (withdrawn, the
// phone is erased — LGPD), and "Tornar membro" (a pending registration for the review, once).
import EditIcon from '@mui/icons-material/Edit';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PhoneDisabledIcon from '@mui/icons-material/PhoneDisabled';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUserOutlined';
import { Box, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { useAction } from '../../providers/useAction';
import { usePublicChurch } from '../../providers/usePublicChurch';
import { paths } from '../../routing/paths';
import { LabeledButton } from '../../ui/LabeledButton';
import type { Visitor } from './types';

const R = 'resources.igreja/visitantes';
type Pending = 'grant' | 'revoke' | 'convert' | null;

export function VisitorActions({ visitor }: { visitor: Visitor }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, busy } = useAction();
  const [pending, setPending] = useState<Pending>(null);
  const consentText = usePublicChurch().data?.consent;

  const confirm = async () => {
    const action = pending;
    if (!action) return;
    const done = await run(() =>
      action === 'convert'
        ? dataProvider.convertVisitor(visitor.id)
        : dataProvider.visitorConsent(visitor.id, action),
    );
    setPending(null);
    if (!done) return;
    notify(`${R}.${action}_done`, { type: 'info', messageArgs: { name: visitor.name } });
    refresh();
  };

  const dialogs: Record<Exclude<Pending, null>, { title: string; content: ReactNode }> = {
    grant: {
      title: `${R}.grant_title`,
      content: (
        <>
          <Typography gutterBottom>{translate(`${R}.grant_content`)}</Typography>
          {consentText && (
            <Typography variant="body2" color="textSecondary" component="div">
              {translate('adam.visitor_form.consent_text', { version: consentText.version })}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
                {consentText.text}
              </Typography>
            </Typography>
          )}
        </>
      ),
    },
    revoke: {
      title: `${R}.revoke_title`,
      content: translate(`${R}.revoke_content`, { name: visitor.name }),
    },
    convert: {
      title: `${R}.convert_title`,
      content: translate(`${R}.convert_content`, { name: visitor.name }),
    },
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <LabeledButton label="ra.action.edit" to={paths.edit('igreja/visitantes', visitor.id)}>
        <EditIcon />
      </LabeledButton>
      {visitor.contactConsent ? (
        <LabeledButton label={`${R}.revoke`} onClick={() => setPending('revoke')}>
          <PhoneDisabledIcon />
        </LabeledButton>
      ) : (
        <LabeledButton label={`${R}.grant`} onClick={() => setPending('grant')}>
          <VerifiedUserIcon />
        </LabeledButton>
      )}
      {visitor.memberId === null && (
        <LabeledButton label={`${R}.convert`} onClick={() => setPending('convert')}>
          <HowToRegIcon />
        </LabeledButton>
      )}
      {pending && (
        <Confirm
          isOpen
          loading={busy}
          title={dialogs[pending].title}
          content={dialogs[pending].content}
          confirm={`${R}.${pending}`}
          onConfirm={() => void confirm()}
          onClose={() => setPending(null)}
        />
      )}
    </Box>
  );
}
