import { INDIAN_MOBILE, normaliseMobile, STAFF_MESSAGES, staffPassword } from '@app/contract/staff';

/** The server's own rules (contract), checked in the form first so most mistakes show at once. */
export const validateMobile = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !INDIAN_MOBILE.test(normaliseMobile(value))
    ? STAFF_MESSAGES.mobileInvalid
    : undefined;

export const validateOptionalPassword = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return undefined;
  return staffPassword.safeParse(value).error?.issues[0]?.message;
};
