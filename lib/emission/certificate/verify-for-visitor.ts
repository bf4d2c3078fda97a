import { getDb } from "@/db";
import { anonymous } from "@/lib/auth/actor";
import { NotFoundError } from "@/lib/errors";
import type { VerificationResponse } from "../schemas";
import { verifyPolicy } from "../verify-policy";

/**
 * The /verify/{token} page's reading of a QR code: the same answer as the public JSON, for an anonymous
 * visitor (a partner funeral home), or null when the token is malformed, forged or names no policy.
 */
export async function verifyForVisitor(token: string): Promise<VerificationResponse | null> {
  const ctx = { db: await getDb(), actor: anonymous, ipAddress: null, requestId: null };
  try {
    return await verifyPolicy({ ctx, token });
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
