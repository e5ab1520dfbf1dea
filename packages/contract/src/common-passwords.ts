/**
 * The most common passwords (top of the public breach-corpus frequency lists), refused wherever a
 * password is set (auth.ts `newPassword`). Compared lowercased. Short on purpose: a bundled list
 * stops the obvious guesses; the account lock-out handles the rest.
 */
const LIST = `123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball
abc123 football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm
asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas
hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555
11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda summer
love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor
matrix password1 password123 welcome admin admin123 qwerty123 abcdef abcd1234 india123 passw0rd
changeme secret 123abc 1q2w3e4r 1q2w3e 987654 asdf1234 test123 test1234 welcome1 letmein1`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());
