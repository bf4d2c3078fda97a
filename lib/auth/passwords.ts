import argon2 from "argon2";

// argon2id at OWASP's minimum recommended cost (19 MiB of memory, 2 iterations, 1 lane).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/**
 * Whether `password` matches `hash`. A user without a password yet (invited, trust.md section 2) has
 * a null hash: nothing matches it, and the answer takes as long as a real check, like an unknown e-mail.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    await verifyAgainstDummy(password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the e-mail is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-but-a-timing-guard");
  await verifyPassword(await dummyHash, password);
}
