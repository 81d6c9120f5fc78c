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

/** What a person may type around a phone's digits: spaces, dashes, dots, parentheses. */
const SEPARADORES = /[\s\-.()]/g;
/** Mexico's country code, `+52`, and the `1` mobile numbers used to carry after it. */
const PREFIJO_MX = /^\+52(?:1(?=\d{10}$))?/;
const SOLO_DIGITOS = /^\d*$/;
const CELULAR_DIGITOS = /^\d{10}$/;

/**
 * A phone as a person types it, read for the rules (docs/api.md, "Phones as typed"): without
 * spaces, dashes, dots, parentheses and a leading `+52` or `+52 1`, '+52 1 (55) 1234-9876'
 * reads '5512349876'. What is left is answered when it is only digits (10 is a phone; fewer or
 * more, the rules say so); anything else is answered as typed, trimmed, so the rules refuse
 * its characters.
 */
export function cleanCelular(typed: string): string {
  const digitos = typed.replace(SEPARADORES, '').replace(PREFIJO_MX, '');
  return SOLO_DIGITOS.test(digitos) ? digitos : typed.trim();
}

/** The 10 digits of a phone typed in any accepted shape, or undefined when it is not one. */
export function parseCelular(typed: string): string | undefined {
  const limpio = cleanCelular(typed);
  return CELULAR_DIGITOS.test(limpio) ? limpio : undefined;
}
