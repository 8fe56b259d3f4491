import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import {
  sanitizeInputRestProps,
  useInput,
  useTranslate,
  type FilterFormProps,
  type TextInputProps,
} from 'react-admin';
import { INPUT_DEBOUNCE_MS } from '../../../domain/constants';

export type DebouncedSearchInputProps = Omit<
  TextInputProps,
  'label' | 'multiline' | 'resettable' | 'clearAlwaysVisible' | 'type'
> & {
  /** Milliseconds without typing before the text reaches the form. */
  debounce?: number;
};

/**
 * A search box (looks like react-admin's SearchInput) that hands its text to the form only after
 * `debounce` ms without typing, or at once on Enter or blur. Meant for forms that react to every
 * change without a debounce of their own, e.g. `<FilterLiveForm debounce={false}>` or a custom
 * search bar. The filter bar of a `<List>` already debounces: give it INPUT_DEBOUNCE_MS through
 * `filterFormThemeComponents` and use react-admin's `<SearchInput>` there.
 */
export function DebouncedSearchInput(props: DebouncedSearchInputProps) {
  const {
    debounce = INPUT_DEBOUNCE_MS,
    defaultValue,
    format,
    onBlur,
    onChange,
    parse,
    resource,
    source,
    validate,
    ...rest
  } = props;
  const translate = useTranslate();
  const { field, id } = useInput({
    defaultValue,
    format,
    parse,
    resource,
    source,
    validate,
    onBlur,
    onChange,
    ...rest,
  });
  const formText = field.value == null ? '' : String(field.value);
  const [text, setText] = useState(formText);
  const [seenFormText, setSeenFormText] = useState(formText);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The form may change the value itself (filters cleared, another link): show it, and drop
  // any text still waiting so it cannot overwrite the newer value.
  if (formText !== seenFormText) {
    setSeenFormText(formText);
    if (formText !== text) setText(formText);
  }
  useEffect(() => {
    clearTimeout(timer.current);
  }, [formText]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next !== formText) field.onChange(next);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(next), debounce);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit(text);
  };

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={handleChange}
      onKeyDown={handleKeyDown}
      onBlur={() => {
        commit(text);
        field.onBlur();
      }}
      hiddenLabel
      placeholder={translate('ra.action.search')}
      size="small"
      className={`ra-input ra-input-${source}`}
      {...sanitizeInputRestProps(rest)}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
        htmlInput: { type: 'search', 'aria-label': translate('ra.action.search') },
      }}
    />
  );
}

/**
 * Theme `components` entry that makes every `<List>` filter bar wait INPUT_DEBOUNCE_MS (SPEC §9)
 * instead of react-admin's 500 ms. `FilterForm` forwards its theme default props to
 * `FilterLiveForm`, whose `debounce` prop its own type does not declare, hence the cast.
 */
export const filterFormThemeComponents = {
  RaFilterForm: {
    defaultProps: { debounce: INPUT_DEBOUNCE_MS } as Partial<FilterFormProps>,
  },
};
