import commonPasswords from "./common-passwords.json";

/** NIST SP 800-63B §3.1.1.2: at least 12 characters here (the minimum), at most 128, not a known common password. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_POLICY_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: "This password is too common. Choose another one.",
  containsEmail: "The password must not contain your e-mail address.",
} as const;

let common: Set<string> | null = null;
/** Built on first use: ~49,000 lower-cased entries from scripts/generate-common-passwords.ts. */
function commonSet(): Set<string> {
  common ??= new Set(commonPasswords as string[]);
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonSet().has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  return commonSet().size;
}

/** The reason a password is refused, or null when the policy accepts it. Length counts code points. */
export function passwordPolicyError(password: string, email?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_POLICY_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_POLICY_MESSAGES.tooLong;
  if (isCommonPassword(password)) return PASSWORD_POLICY_MESSAGES.common;
  if (email && password.toLowerCase().includes(email.toLowerCase())) return PASSWORD_POLICY_MESSAGES.containsEmail;
  return null;
}
