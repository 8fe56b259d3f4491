import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { authFieldErrors } from '../../providers/case';
import { FormDialog } from '../../ui/FormDialog';
import { CurrentPasswordField } from '../../ui/PasswordField';
import { OneTimeCodeField } from '../../ui/twoFactor/OneTimeCodeField';

type Errors = { password?: string; otpCode?: string };

/**
 * A change of one's own second factor that asks for the password and a current code (or a
 * recovery code): turning it off, new recovery codes. `act` throws the server's refusal.
 */
export function PasswordAndCodeDialog<T>({
  open,
  title,
  explain,
  submit: submitLabel,
  danger = false,
  act,
  onClose,
  onDone,
}: {
  open: boolean;
  title: string;
  explain: string;
  submit: string;
  danger?: boolean;
  act: (data: { password: string; otpCode: string }) => Promise<T>;
  onClose: () => void;
  onDone: (result: T) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setPassword('');
    setCode('');
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    setSaving(true);
    try {
      const result = await act({ password, otpCode: code });
      reset();
      onDone(result);
    } catch (error) {
      const fields = authFieldErrors<Errors>(error);
      if (fields) setErrors(fields);
      else notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={translate(title)}
      explain={[translate(explain)]}
      submit={translate(submitLabel)}
      danger={danger}
      disabled={saving}
      onSubmit={submit}
      onClose={close}
    >
      <CurrentPasswordField value={password} onChange={setPassword} error={errors.password} />
      <OneTimeCodeField value={code} onChange={setCode} kind="either" error={errors.otpCode} />
    </FormDialog>
  );
}
