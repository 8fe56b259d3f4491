export { MaskedInput, type MaskedInputProps } from './MaskedInput';
export { MoneyInput, formatMoneyInput, parseMoneyInput, type MoneyInputProps } from './MoneyInput';
export { CpfInput, type CpfInputProps } from './CpfInput';
export { CnpjInput, type CnpjInputProps } from './CnpjInput';
export { PhoneInput, type PhoneInputProps } from './PhoneInput';
export { ZipCodeInput, type ZipCodeInputProps } from './ZipCodeInput';
export {
  DebouncedSearchInput,
  filterFormThemeComponents,
  type DebouncedSearchInputProps,
} from './DebouncedSearchInput';
export { useDebouncedValue } from './useDebouncedValue';
export { cnpjMask, cpfMask, moneyMask, phoneMask, zipCodeMask } from './masks';
export {
  validateCnpj,
  validateCpf,
  validatePhone,
  validateZipCode,
  withValidator,
} from './validators';
