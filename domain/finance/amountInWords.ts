// An amount of money written out in Brazilian Portuguese, as a receipt or a cheque says it
// ("cento e vinte e três reais e quarenta e cinco centavos").

const UNITS = [
  'zero',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
];
const TENS = [
  '',
  '',
  'vinte',
  'trinta',
  'quarenta',
  'cinquenta',
  'sessenta',
  'setenta',
  'oitenta',
  'noventa',
];
const HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
];

/** The scales above the units, each with its singular and plural ("mil" has no "um"). */
const SCALES: ReadonlyArray<{ one: string; many: string }> = [
  { one: '', many: '' },
  { one: 'mil', many: 'mil' },
  { one: 'um milhão', many: 'milhões' },
  { one: 'um bilhão', many: 'bilhões' },
];

/** The largest amount written out: 999.999.999.999,99. */
export const MAX_AMOUNT_IN_WORDS_CENTS = 99_999_999_999_999;

/** 1 … 999 in words: "cem", "cento e um", "duzentos e trinta e quatro". */
function belowThousand(n: number): string {
  if (n === 100) return 'cem';
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) parts.push(HUNDREDS[hundreds]);
  if (rest > 0 && rest < 20) parts.push(UNITS[rest]);
  else if (rest >= 20) {
    parts.push(TENS[Math.floor(rest / 10)]);
    if (rest % 10 > 0) parts.push(UNITS[rest % 10]);
  }
  return parts.join(' e ');
}

/** A group with its scale: "mil", "dois mil", "um milhão", "trezentos milhões". */
function groupWords(value: number, scale: number): string {
  if (scale === 0) return belowThousand(value);
  if (value === 1) return SCALES[scale].one;
  return `${belowThousand(value)} ${SCALES[scale].many}`;
}

/**
 * A whole number (1 … 999.999.999.999) in words. Groups of three digits are said from the
 * largest; the last one said is joined with "e" when it is below a hundred or a round hundred
 * ("mil e cem", "dois milhões e trezentos mil"), otherwise with a space ("mil cento e um").
 */
export function integerInWords(n: number): string {
  if (n === 0) return UNITS[0];
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const said = groups
    .map((value, scale) => ({ value, scale }))
    .filter((group) => group.value > 0)
    .reverse();
  return said
    .map((group, index) => {
      const words = groupWords(group.value, group.scale);
      if (index === 0) return words;
      const last = index === said.length - 1;
      const joined = last && (group.value < 100 || group.value % 100 === 0);
      return `${joined ? 'e ' : ''}${words}`;
    })
    .join(' ');
}

/**
 * `cents` (1 … 99.999.999.999.999) in words: "um real", "um centavo", "mil reais",
 * "um milhão de reais" (a round million or billion takes "de"), "dez reais e cinco centavos".
 */
export function amountInWords(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 1 || cents > MAX_AMOUNT_IN_WORDS_CENTS) {
    throw new RangeError(`Valor fora do intervalo escrito por extenso: ${cents}`);
  }
  const reais = Math.floor(cents / 100);
  const centavos = cents % 100;
  const parts: string[] = [];
  if (reais > 0) {
    const currency = reais === 1 ? 'real' : 'reais';
    const roundMillions = reais >= 1_000_000 && reais % 1_000_000 === 0;
    parts.push(`${integerInWords(reais)} ${roundMillions ? 'de ' : ''}${currency}`);
  }
  if (centavos > 0) {
    parts.push(`${integerInWords(centavos)} ${centavos === 1 ? 'centavo' : 'centavos'}`);
  }
  return parts.join(' e ');
}
