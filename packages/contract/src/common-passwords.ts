import { COMMON_PASSWORD_LIST } from './common-password-list';
import { commonPasswordCheck } from './password-patterns';

/**
 * The common passwords refused wherever a password is set (auth.ts `newPassword`): the 10,000 most
 * frequent of the list that `@zxcvbn-ts/language-common` ships (MIT; zxcvbn's password list, ranked
 * by frequency in public breach corpora), plus repeats, runs and local words (password-patterns.ts).
 * No network: the list is in the package. In the web app's bundle the list is empty here
 * (apps/web/vite.config.ts) and password forms load it when they open (apps/web/src/app/password-list.ts).
 */
export const isCommonPassword: (password: string) => boolean = commonPasswordCheck(COMMON_PASSWORD_LIST);
