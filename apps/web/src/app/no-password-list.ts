/**
 * Stands in for `@app/contract/common-password-list` in the bundle (vite.config.ts): the 10,000-word
 * list would add ~200 KB to every page. The contract's rule keeps its patterns and local words here;
 * password forms load the list itself when they open (password-list.ts), and the server checks it always.
 */
export const COMMON_PASSWORD_LIST: readonly string[] = [];
