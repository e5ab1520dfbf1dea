/**
 * The common-password rule without its list, light enough for any page: the check is built from a
 * list (common-passwords.ts gives it the shipped one). zxcvbn's list leaves out what zxcvbn's own
 * matchers catch (repeats, runs), so those are refused here by pattern.
 */

/** How many of the list's most common passwords are refused (the list is in order of frequency). */
export const COMMON_PASSWORD_COUNT = 10_000;

/** Guessable here in particular: the programme's and the country's names with the usual endings. */
const LOCAL_WORDS = [
  'admin123',
  'admin@123',
  'india123',
  'india@123',
  'pass@123',
  'password@123',
  'actiontesa',
  'actiontesa1',
  'actiontesa123',
  'tesa1234',
  'tesa@123',
  'welcome@123',
];

/** One short unit repeated: "zzzzzz", "121212", "abcabc", "19641964", "passpass". */
const repeated = (p: string) => /^(.{1,4})\1+$/su.test(p);

/** A straight run up or down the alphabet or the digits: "123456", "654321", "abcdef", "0123456789". */
function straightRun(p: string): boolean {
  if (!/^([0-9]+|[a-z]+)$/.test(p)) return false;
  const step = p.charCodeAt(1) - p.charCodeAt(0);
  if (step !== 1 && step !== -1) return false;
  for (let i = 2; i < p.length; i++) if (p.charCodeAt(i) - p.charCodeAt(i - 1) !== step) return false;
  return true;
}

/** The check for a list: listed (among the first COMMON_PASSWORD_COUNT), local, repeated or a run; any case. */
export function commonPasswordCheck(list: readonly string[]): (password: string) => boolean {
  const listed = new Set([...list.slice(0, COMMON_PASSWORD_COUNT), ...LOCAL_WORDS]);
  return (password) => {
    const p = password.toLowerCase();
    return listed.has(p) || repeated(p) || straightRun(p);
  };
}
