const AREA_DIGITS = 2;
const MIDDLE_END = 6;
// Ten digits is a Mexican number; the last group keeps up to 6 so a mistyped longer number
// still shows what was typed, and anything beyond 12 digits is noise.
const LAST_END = 12;

export function normalizeCelular(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/** Display form of a phone number: '55', '55-1234', '55-1234-5678'. */
export function formatCelular(value: string): string {
  const digits = normalizeCelular(value);
  if (digits.length <= AREA_DIGITS) return digits;
  const area = digits.slice(0, AREA_DIGITS);
  if (digits.length <= MIDDLE_END) return `${area}-${digits.slice(AREA_DIGITS)}`;
  return `${area}-${digits.slice(AREA_DIGITS, MIDDLE_END)}-${digits.slice(MIDDLE_END, LAST_END)}`;
}
