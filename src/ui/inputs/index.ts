export { MaskedInput, type MaskedInputProps } from './MaskedInput';
export { MoneyInput, formatMoneyInput, parseMoneyInput, type MoneyInputProps } from './MoneyInput';
export { MoneyTextField, type MoneyTextFieldProps } from './MoneyTextField';
export { CpfInput, type CpfInputProps } from './CpfInput';
export { CnpjInput, type CnpjInputProps } from './CnpjInput';
export { PhoneInput, type PhoneInputProps } from './PhoneInput';
export { MemberReferenceInput, type MemberReferenceInputProps } from './MemberReferenceInput';
export { ZipCodeInput, type ZipCodeInputProps } from './ZipCodeInput';
export {
  DateTextInput,
  formatDateInput,
  parseCompleteDate,
  parseDateInput,
  type DateTextInputProps,
} from './DateTextInput';
export { DateTextField, type DateTextFieldProps } from './DateTextField';
export { DateFilterInput, type DateFilterInputProps } from './DateFilterInput';
export { MaskElement, type MaskElementProps } from './MaskElement';
export {
  DebouncedSearchInput,
  filterFormThemeComponents,
  type DebouncedSearchInputProps,
} from './DebouncedSearchInput';
export { useDebouncedValue } from './useDebouncedValue';
export { cnpjMask, cpfMask, dateMask, moneyMask, phoneMask, zipCodeMask } from './masks';
export {
  INVALID_DATE_MESSAGE,
  validateCnpj,
  validateCpf,
  validateDate,
  validatePhone,
  validateZipCode,
  withValidator,
} from './validators';
export { ImageUploadInput, type ImageUploadInputProps } from './ImageUploadInput';
export { loadImage, resizeImage, type ResizeOptions } from './resizeImage';
export { schemaValidator } from './schemaValidator';
export { SearchBox } from './SearchBox';
export {
  CongregationInput,
  CONGREGATIONS_RESOURCE,
  type CongregationInputProps,
} from './CongregationInput';
