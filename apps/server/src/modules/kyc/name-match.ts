/** Honorifics and joiners that banks add or drop and that say nothing about who holds the account. */
const NOISE = new Set(['MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SRI', 'SMT', 'KUMARI', 'M', 'S', 'O', 'D']);

/** A name as comparable tokens: upper case, letters only, without honorifics. */
export const nameTokens = (name: string): string[] =>
  name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z ]+/g, ' ')
    .split(/\s+/)
    .filter((t) => t !== '' && !NOISE.has(t));

const bigrams = (text: string) => {
  const out = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const pair = text.slice(i, i + 2);
    out.set(pair, (out.get(pair) ?? 0) + 1);
  }
  return out;
};

function dice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const x = bigrams(a);
  const y = bigrams(b);
  let shared = 0;
  for (const [pair, n] of x) shared += Math.min(n, y.get(pair) ?? 0);
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}

/**
 * How alike the bank's name for an account and the member's KYC name are, 0–100: the better of the
 * bigram similarity of the names with their words sorted (so order does not matter: "KUMAR RAMESH"
 * is "Ramesh Kumar") and the share of the shorter name's words found in the longer, initials
 * matching a word that starts with them ("R KUMAR" and "Ramesh Kumar").
 */
export function nameMatchScore(bankName: string, kycName: string): number {
  const a = nameTokens(bankName);
  const b = nameTokens(kycName);
  if (a.length === 0 || b.length === 0) return 0;
  const sorted = dice([...a].sort().join(' '), [...b].sort().join(' '));
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const pool = [...long];
  let found = 0;
  for (const word of short) {
    const i = pool.findIndex(
      (w) =>
        w === word || (word.length === 1 && w.startsWith(word)) || (w.length === 1 && word.startsWith(w)),
    );
    if (i >= 0) {
      found += word.length === 1 || pool[i]!.length === 1 ? 0.75 : 1;
      pool.splice(i, 1);
    }
  }
  // Words of the longer name left unmatched weigh a little: a middle name is often dropped.
  const words = found / short.length - pool.length * 0.05;
  return Math.round(Math.max(0, Math.min(1, Math.max(sorted, words))) * 100);
}
