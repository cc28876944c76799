// The pseudo-language's text for words the server writes (decision 091): accented, about 30%
// longer and between ⟦ ⟧, as the build makes the browser's from Lingui's pseudolocale. Plain text
// only: placeholders and ICU syntax are left to the message compiler, which calls this on the
// text between them.
const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
  s: 'š',
  z: 'ž',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ö',
  U: 'Ü',
  C: 'Ç',
  N: 'Ñ',
  Y: 'Ý',
  S: 'Š',
  Z: 'Ž',
};

/** One text piece of a message, accented and padded by 30% of its letters. */
export function pseudoText(text: string): string {
  const accented = [...text].map((ch) => ACCENTED[ch] ?? ch).join('');
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  return letters === 0 ? accented : accented + '~'.repeat(Math.ceil(letters * 0.3));
}
