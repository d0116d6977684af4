import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the enum is const and cannot be imported under verbatimModuleSyntax. */
const ARGON2ID = 2;

/** argon2id with the library's recommended cost (m=19 MiB, t=2): ~11 ms here. */
export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password-Aa1!'));
