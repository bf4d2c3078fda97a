import { getDb } from "@/db";
import { apiKeys } from "@/db/schema";
import { newOpaqueToken } from "@/lib/auth/tokens";
import { getDefaultCompanyId } from "@/lib/identity/internal";

/**
 * A key as a database from before trust.md section 3 may hold it: written straight into the table, with
 * permissions that POST /auth/api-keys now refuses (users:manage, organizations:manage, ...). The
 * service must not honour them. Returns the key to send as X-API-Key.
 */
export async function insertStoredApiKey(
  permissions: string[],
  companyId?: string,
): Promise<{ id: string; key: string }> {
  const db = await getDb();
  const { token, hash } = newOpaqueToken("ck_");
  const [row] = await db
    .insert(apiKeys)
    .values({
      name: "stored before the rule",
      keyPrefix: token.slice(0, 10),
      keyHash: hash,
      permissions,
      companyId: companyId ?? (await getDefaultCompanyId(db)),
    })
    .returning({ id: apiKeys.id });
  return { id: row.id, key: token };
}
