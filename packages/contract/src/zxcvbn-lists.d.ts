/** The list module of `@zxcvbn-ts/language-common` (no type of its own; its default export is the list). */
declare module '@zxcvbn-ts/language-common/dist/passwords.json.mjs' {
  const passwords: string[];
  export default passwords;
}
