// The filters of the reports: plain MUI fields bound to the list's filter values.
import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { DateTextField, useDebouncedValue } from '../../ui/inputs';
import { monthName } from '../../../domain/calendar';
import { addMonths } from '../../../domain/dates';
import { monthsBetween } from '../../../domain/reports';

/** The months a period may start or end in: the last five years, newest first, in words. */
export function monthChoices(today: string) {
  const first = addMonths(today, -59).slice(0, 7);
  return monthsBetween(first, today.slice(0, 7))
    .reverse()
    .map((month) => ({ id: month, name: monthName(month) }));
}

/** Sets (or, with '' / undefined, removes) one filter, keeping the others. */
export function useFilter() {
  const { filterValues, setFilters } = useListContext();
  return {
    values: filterValues as Record<string, unknown>,
    set(changes: Record<string, unknown>) {
      const next = { ...filterValues, ...changes };
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === '' || value === null) delete next[key];
      }
      // At once: every caller is a discrete choice (a select, a checkbox, a toggle, a complete
      // date; FilterNumber waits for the typing itself), and the control shows it when clicked.
      setFilters(next, undefined, false);
    },
  };
}

export function FilterSelect(props: {
  source: string;
  label: string;
  choices: Array<{ id: string | number; name: string }>;
  /** Label of the "no filter" choice; without it a choice is always selected. */
  emptyLabel?: string;
  minWidth?: number;
}) {
  const translate = useTranslate();
  const { values, set } = useFilter();
  const value = values[props.source] ?? '';
  return (
    <TextField
      select
      fullWidth={false}
      size="small"
      label={translate(props.label)}
      value={String(value)}
      onChange={(event) => {
        const choice = props.choices.find((c) => String(c.id) === event.target.value);
        set({ [props.source]: choice ? choice.id : undefined });
      }}
      sx={{ minWidth: props.minWidth ?? 200 }}
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: Boolean(props.emptyLabel) },
      }}
    >
      {props.emptyLabel && <MenuItem value="">{translate(props.emptyLabel)}</MenuItem>}
      {props.choices.map((choice) => (
        <MenuItem key={choice.id} value={String(choice.id)}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A whole number of days, sent after the user stops typing (SPEC §9: 300 ms). */
export function FilterNumber(props: { source: string; label: string; min: number; max: number }) {
  const translate = useTranslate();
  const { values, set } = useFilter();
  const current = values[props.source];
  const [text, setText] = useState(current === undefined ? '' : String(current));
  const debounced = useDebouncedValue(text);
  useEffect(() => {
    const number = Number(debounced);
    if (
      debounced !== '' &&
      Number.isInteger(number) &&
      number >= props.min &&
      number <= props.max
    ) {
      if (number !== current) set({ [props.source]: number });
    }
    // Only the typed text drives the filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const number = Number(text);
  const invalid =
    text !== '' && (!Number.isInteger(number) || number < props.min || number > props.max);
  return (
    <TextField
      size="small"
      fullWidth={false}
      type="number"
      label={translate(props.label)}
      value={text}
      onChange={(event) => setText(event.target.value)}
      error={invalid}
      helperText={invalid ? `${props.min}–${props.max}` : undefined}
      sx={{ width: 180 }}
      slotProps={{ htmlInput: { min: props.min, max: props.max, inputMode: 'numeric' } }}
    />
  );
}

/** A date filter typed as DD/MM/AAAA, applied (as YYYY-MM-DD) once complete, or removed once emptied. */
export function FilterDate(props: { source: string; label: string }) {
  const translate = useTranslate();
  const { values, set } = useFilter();
  const value = values[props.source];
  return (
    <DateTextField
      size="small"
      fullWidth={false}
      name={props.source}
      label={translate(props.label)}
      value={typeof value === 'string' ? value : null}
      onChange={(date) => set({ [props.source]: date ?? undefined })}
      sx={{ width: 180 }}
    />
  );
}
