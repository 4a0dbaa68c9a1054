/** A VIN is exactly 17 characters (docs/behaviour.md §9). */
export const VIN_LENGTH = 17;

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** 17 characters of the VIN alphabet (digits and capitals without I, O, Q). */
export function isVinFormat(vin: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin);
}

/** The check digit (position 9) a VIN must carry under the North American rule (49 CFR 565). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const ch = vin[i]!;
    const value = /\d/.test(ch) ? Number(ch) : (TRANSLITERATION[ch] ?? 0);
    sum += value * WEIGHTS[i]!;
  }
  const rest = sum % 11;
  return rest === 10 ? "X" : String(rest);
}

/** The VIN with its 9th character replaced by the check digit the other 16 call for. */
export function withCheckDigit(draft: string): string {
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/** Whether a VIN has a valid format and check digit. */
export function isValidVin(vin: string): boolean {
  return isVinFormat(vin) && vin[8] === vinCheckDigit(vin);
}

const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

/** The model-year character (position 10) for years 1980–2039. */
export function vinYearCode(year: number): string {
  return YEAR_CODES[(year - 1980) % 30]!;
}
