// IMask options of the masked inputs. They live at module level: a new options object on every
// render would make IMask rebuild its mask and lose the caret position.
import type { FactoryOpts, MaskedDynamic } from 'imask';

/** Pattern tokens (SPEC §5): '0' a digit, 'a' a letter, 'X' a letter or a digit. */
const alphanumeric = { X: /[0-9A-Za-z]/ };
const upperCase = (char: string) => char.toUpperCase();

export const cpfMask: FactoryOpts = { mask: '000.000.000-00' };

/** Alphanumeric CNPJ (July 2026): letters allowed in the first 12 positions, shown uppercase. */
export const cnpjMask: FactoryOpts = {
  mask: 'XX.XXX.XXX/XXXX-00',
  definitions: alphanumeric,
  prepareChar: upperCase,
};

export const zipCodeMask: FactoryOpts = { mask: '00.000-000' };

const LANDLINE = 0;
const MOBILE = 1;
const TOLL_FREE = 2;

/** '(NN) NNNN-NNNN' up to 10 digits, '(NN) NNNNN-NNNN' at 11, 'NNNN NNN NNNN' when it starts with 0. */
export const phoneMask: FactoryOpts = {
  mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }, { mask: '0000 000 0000' }],
  dispatch: (appended: string, masked: MaskedDynamic) => {
    const digits = (masked.unmaskedValue + appended).replace(/\D/g, '');
    if (digits.startsWith('0')) return masked.compiledMasks[TOLL_FREE];
    return masked.compiledMasks[digits.length > 10 ? MOBILE : LANDLINE];
  },
};

/**
 * Money is typed like on a cash register (digits fill the centavos first), so the mask only
 * keeps the characters of an amount; MoneyInput reformats the text after each edit.
 */
export const moneyMask: FactoryOpts = { mask: /^-?[\d.,]*$/ };

/** A calendar date typed as DD/MM/AAAA (SPEC §5). */
export const dateMask: FactoryOpts = { mask: '00/00/0000' };
