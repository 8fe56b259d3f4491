import { SearchInput, type SearchInputProps, useTranslate } from 'react-admin';

/**
 * react-admin's SearchInput with an accessible name: its placeholder ("Buscar" unless told) is
 * also the input's aria-label, so a screen reader names the box (a placeholder alone is not a
 * label) and the box can be found by its role and name.
 */
export function SearchBox({ placeholder, ...props }: SearchInputProps) {
  const translate = useTranslate();
  const text = translate(placeholder ?? 'ra.action.search', { _: placeholder });
  return (
    <SearchInput
      placeholder={text}
      slotProps={{ htmlInput: { 'aria-label': text, type: 'search' } }}
      {...props}
    />
  );
}
