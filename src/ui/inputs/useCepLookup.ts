// The CEP lookup of the address inputs: when the user completes a CEP, its address is asked of
// the API (which asks ViaCEP or BrasilAPI) and fills street, district, city and UF where they are
// empty, or still hold what an earlier lookup put there; what the user typed is never replaced.
// Nothing waits on it: the form saves whatever the lookup's state, and a failure is only a hint.
import { useCallback, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { onlyDigits } from '../../../domain/formats';
import type { AppDataProvider, CepAddress } from '../../providers/dataProvider';

/** Which API route asks: the signed-in one, the public one (/meu_cadastro), or none. */
export type CepLookupMode = 'session' | 'public' | false;

/** The form fields a CEP fills: every address in Adam uses these sources. */
export interface CepTargets {
  street: string;
  district: string;
  city: string;
  state: string;
}

export const CEP_TARGETS: CepTargets = {
  street: 'street',
  district: 'district',
  city: 'city',
  state: 'state',
};

export type CepLookupState =
  'idle' | 'searching' | 'filled' | 'found' | 'not_found' | 'unavailable';

const statusOf = (error: unknown) => (error as { status?: number })?.status;

export function useCepLookup(mode: CepLookupMode, targets: CepTargets = CEP_TARGETS) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { getValues, setValue } = useFormContext();
  const [state, setState] = useState<CepLookupState>('idle');
  const asked = useRef<string | null>(null);
  /** What the last lookup wrote into each field (it may be replaced by the next one). */
  const written = useRef<Partial<Record<keyof CepTargets, string>>>({});

  const fill = useCallback(
    (address: CepAddress): boolean => {
      let changed = false;
      for (const key of Object.keys(targets) as Array<keyof CepTargets>) {
        const value = address[key];
        if (!value) continue;
        const current = getValues(targets[key]) as unknown;
        const untouched =
          current === null ||
          current === undefined ||
          current === '' ||
          current === written.current[key];
        if (!untouched || current === value) continue;
        setValue(targets[key], value, { shouldDirty: true, shouldValidate: true });
        written.current[key] = value;
        changed = true;
      }
      return changed;
    },
    [getValues, setValue, targets],
  );

  /** Call with each value the user gives the CEP input. */
  const onCepChange = useCallback(
    (value: unknown) => {
      if (mode === false) return;
      const cep = onlyDigits(typeof value === 'string' ? value : '');
      if (cep.length !== 8) {
        asked.current = null;
        setState('idle');
        return;
      }
      if (cep === asked.current) return;
      asked.current = cep;
      setState('searching');
      // Through a promise, so a provider that throws at once is a failed lookup like any other.
      const lookup = Promise.resolve().then(() =>
        mode === 'public' ? dataProvider.publicLookupCep(cep) : dataProvider.lookupCep(cep),
      );
      lookup.then(
        (address) => {
          if (asked.current !== cep) return;
          setState(fill(address) ? 'filled' : 'found');
        },
        (error: unknown) => {
          if (asked.current !== cep) return;
          const status = statusOf(error);
          setState(status === 404 ? 'not_found' : status === 400 ? 'idle' : 'unavailable');
        },
      );
    },
    [dataProvider, fill, mode],
  );

  return { state, onCepChange };
}
