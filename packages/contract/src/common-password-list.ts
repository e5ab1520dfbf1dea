/// <reference path="./zxcvbn-lists.d.ts" />
import passwords from '@zxcvbn-ts/language-common/dist/passwords.json.mjs';

/**
 * The shipped list alone (zxcvbn's passwords, most frequent first), for a page to load on demand:
 * the web app's bundle leaves the package's index out (apps/web/vite.config.ts) and its password
 * forms import this when they open.
 */
export const COMMON_PASSWORD_LIST: readonly string[] = passwords;
