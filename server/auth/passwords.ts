import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(digest: string, password: string): Promise<boolean> {
  try {
    return await verify(digest, password);
  } catch {
    return false;
  }
}

let dummyDigest: Promise<string> | undefined;
/** A digest to verify against when the e-mail is unknown, so timing does not reveal which exist. */
export function dummyPasswordDigest(): Promise<string> {
  dummyDigest ??= hashPassword('senha-que-nunca-confere');
  return dummyDigest;
}
