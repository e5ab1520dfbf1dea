/**
 * The common-password rule without its list, light enough for any page: the check is built from a
 * list (common-passwords.ts gives it the shipped one). zxcvbn's list leaves out what zxcvbn's own
 * matchers catch (repeats, runs), so those are refused here by pattern.
 */

/**
 * How many of the list's most common passwords are refused (the list is in order of frequency): all
 * of the shipped list (about 49,000); with the disguises taken off, a word deep in it is still a guess.
 */
export const COMMON_PASSWORD_COUNT = 50_000;

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

/** Digits and symbols people put for letters ("p@ssw0rd"); 1 stands for i or l, so both are tried. */
const LEET: Record<string, string> = { '0': 'o', '3': 'e', '4': 'a', '5': 's', $: 's', '@': 'a', '7': 't' };
const unleet = (p: string, one: 'i' | 'l') => p.replace(/[013457$@]/g, (c) => (c === '1' ? one : LEET[c]!));
/** What people add after a word to pass a rule: "qwerty@123", "passw0rd!", "admin2024". */
const stripEnding = (p: string) => p.replace(/[^a-z]+$/, '');
/** A core shorter than this after stripping is no word worth looking up ("a" of "a@123456"). */
const MIN_CORE = 4;

/** The password, lowercased, and what it is with the usual disguises taken off. */
export function undisguised(password: string): string[] {
  const p = password.toLowerCase();
  const forms = new Set([p]);
  for (const one of ['i', 'l'] as const) {
    forms.add(unleet(p, one));
    // The ending goes first ("admin@1234" is admin, not admina); a l33t letter at the end stays a letter.
    forms.add(unleet(stripEnding(p), one));
    forms.add(stripEnding(unleet(p, one)));
  }
  forms.add(stripEnding(p));
  return [...forms].filter((f) => f === p || f.length >= MIN_CORE);
}

/**
 * The check for a list: listed (among the first COMMON_PASSWORD_COUNT), local, repeated or a run, in
 * any case and under the usual disguises (l33t letters, digits or symbols after the word).
 */
export function commonPasswordCheck(list: readonly string[]): (password: string) => boolean {
  const listed = new Set([...list.slice(0, COMMON_PASSWORD_COUNT), ...LOCAL_WORDS]);
  return (password) => undisguised(password).some((p) => listed.has(p) || repeated(p) || straightRun(p));
}
