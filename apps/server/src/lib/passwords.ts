import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (OWASP: m=19 MiB, t=2, p=1).
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A valid hash of nothing anyone knows: verifying against it keeps unknown e-mails as slow as known ones. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => {
  decoy ??= hash(`decoy-${Math.random()}`);
  return decoy;
};
