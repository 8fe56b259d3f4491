import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from '../../domain/finance/amountInWords';

// Amounts in centavos and how a receipt writes them out (pt-BR).
const TABLE: Array<[number, string]> = [
  [1, 'um centavo'],
  [2, 'dois centavos'],
  [10, 'dez centavos'],
  [14, 'quatorze centavos'],
  [21, 'vinte e um centavos'],
  [99, 'noventa e nove centavos'],
  [100, 'um real'],
  [101, 'um real e um centavo'],
  [200, 'dois reais'],
  [1_000, 'dez reais'],
  [1_600, 'dezesseis reais'],
  [2_050, 'vinte reais e cinquenta centavos'],
  [10_000, 'cem reais'],
  [10_100, 'cento e um reais'],
  [11_000, 'cento e dez reais'],
  [12_345, 'cento e vinte e três reais e quarenta e cinco centavos'],
  [20_000, 'duzentos reais'],
  [50_000, 'quinhentos reais'],
  [99_999, 'novecentos e noventa e nove reais e noventa e nove centavos'],
  [100_000, 'mil reais'],
  [100_001, 'mil reais e um centavo'],
  [100_100, 'mil e um reais'],
  [100_500, 'mil e cinco reais'],
  [101_000, 'mil e dez reais'],
  [110_000, 'mil e cem reais'],
  [110_100, 'mil cento e um reais'],
  [120_000, 'mil e duzentos reais'],
  [125_000, 'mil duzentos e cinquenta reais'],
  [200_000, 'dois mil reais'],
  [1_000_000, 'dez mil reais'],
  [2_100_000, 'vinte e um mil reais'],
  [10_000_000, 'cem mil reais'],
  [10_010_000, 'cem mil e cem reais'],
  [
    12_345_678,
    'cento e vinte e três mil quatrocentos e cinquenta e seis reais e setenta e oito centavos',
  ],
  [100_000_000, 'um milhão de reais'],
  [100_000_001, 'um milhão de reais e um centavo'],
  [100_000_100, 'um milhão e um reais'],
  [100_100_000, 'um milhão e mil reais'],
  [110_000_000, 'um milhão e cem mil reais'],
  [120_030_000, 'um milhão duzentos mil e trezentos reais'],
  [200_000_000, 'dois milhões de reais'],
  [230_000_000, 'dois milhões e trezentos mil reais'],
  [
    123_456_789,
    'um milhão duzentos e trinta e quatro mil quinhentos e sessenta e sete reais e oitenta e nove centavos',
  ],
  [10_000_000_000, 'cem milhões de reais'],
  [
    99_999_999_999,
    'novecentos e noventa e nove milhões novecentos e noventa e nove mil novecentos e noventa e nove reais e noventa e nove centavos',
  ],
  [100_000_000_000, 'um bilhão de reais'],
  [300_000_000_000, 'três bilhões de reais'],
  [100_000_000_100, 'um bilhão e um reais'],
];

describe('amountInWords', () => {
  it.each(TABLE)('%i centavos: %s', (cents, words) => {
    expect(amountInWords(cents)).toBe(words);
  });

  it('writes every amount from 0,01 to 999.999.999,99 with the currency, never "zero"', () => {
    // A sweep through the whole range: every thousandth step and the edges of each group.
    for (let cents = 1; cents <= 99_999_999_999; cents += 7_777_777) {
      const words = amountInWords(cents);
      expect(words).toMatch(/(reais|real|centavos?)$/);
      expect(words).not.toMatch(/zero| {2}|^e | e$| e e /);
    }
  });

  it.each([0, -1, 1.5, 100_000_000_000_000, Number.NaN])('refuses %s', (cents) => {
    expect(() => amountInWords(cents)).toThrow(RangeError);
  });
});

describe('integerInWords', () => {
  it.each([
    [0, 'zero'],
    [100, 'cem'],
    [101, 'cento e um'],
    [1_001, 'mil e um'],
    [1_000_000, 'um milhão'],
    [2_000_001, 'dois milhões e um'],
    [1_001_001, 'um milhão mil e um'],
  ])('%i: %s', (n, words) => {
    expect(integerInWords(n)).toBe(words);
  });
});
