import { COMMON_PASSWORD_LIST } from './common-password-list';
import { commonPasswordCheck } from './password-patterns';

/**
 * The common passwords refused wherever a password is set (auth.ts `newPassword`): the list that
 * `@zxcvbn-ts/language-common` ships (MIT; zxcvbn's password list, about 49,000 ranked by frequency in
 * public breach corpora), also under l33t letters and endings ("Pa$$w0rd", "Qwerty@123"), plus
 * repeats, runs and local words (password-patterns.ts). Only new passwords are checked: the demo
 * profile's seeded `demo1234` is hashed by the seed, never through this rule.
 * No network: the list is in the package. In the web app's bundle the list is empty here
 * (apps/web/vite.config.ts) and password forms load it when they open (apps/web/src/app/password-list.ts).
 */
export const isCommonPassword: (password: string) => boolean = commonPasswordCheck(COMMON_PASSWORD_LIST);
