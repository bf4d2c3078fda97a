import { eq } from "drizzle-orm";
import { apiKeys, companies } from "@/db/schema";
import { assertCan, assertCanGrant, companyOf, scopeOf } from "@/lib/auth/actor";
import { keyMayHold } from "@/lib/auth/permissions";
import { newOpaqueToken } from "@/lib/auth/tokens";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { NotFoundError, ValidationError, type FieldError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { parseDateTime, toIso } from "@/lib/schemas";
import type { CreateApiKeyInput } from "./schemas";

/**
 * What a key may be given (trust.md section 3): none of the permissions that reach beyond its company,
 * and an expiry, when there is one, in the future. Every refused field is listed (422).
 */
function assertKeyTerms(input: CreateApiKeyInput, now: Date): Date | null {
  const errors: FieldError[] = input.permissions.flatMap((permission, index) =>
    keyMayHold(permission)
      ? []
      : [
          {
            path: `permissions.${index}`,
            message: `an API key cannot hold ${permission}: it reaches beyond the key's company`,
            code: "permission_not_for_keys",
          },
        ],
  );
  const expiresAt = input.expires_at ? parseDateTime(input.expires_at) : null;
  if (expiresAt && expiresAt <= now)
    errors.push({ path: "expires_at", message: "must be in the future", code: "not_in_future" });
  if (errors.length > 0) throw new ValidationError(`invalid ${errors[0].path}: ${errors[0].message}`, errors);
  return expiresAt;
}

/**
 * Creates a key for an integration (the CRM). The key is returned once; only its hash is kept. It acts
 * inside its company only, until it expires, is revoked, or the user who created it is deactivated.
 */
export async function createApiKey({ ctx, input }: { ctx: ServiceContext; input: CreateApiKeyInput }) {
  const { actor } = ctx;
  assertCan(actor, "users:manage");
  const expiresAt = assertKeyTerms(input, new Date());
  assertCanGrant(actor, input.permissions);
  const scope = scopeOf(actor);
  const ownCompany = companyOf(actor) ?? undefined;
  const companyId = scope ? scope.companyId : (input.company_id ?? ownCompany);
  if (!companyId) throw new ValidationError("company_id is required");
  const { token, hash } = newOpaqueToken("ck_");
  return inTransaction(ctx, async (tx) => {
    const [company] = await tx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw new NotFoundError("company");
    const [key] = await tx.db
      .insert(apiKeys)
      .values({
        name: input.name,
        keyPrefix: token.slice(0, 10),
        keyHash: hash,
        permissions: [...new Set(input.permissions)],
        companyId,
        createdBy: actor.kind === "user" ? actor.userId : null,
        expiresAt,
      })
      .returning();
    await writeAudit(tx, {
      action: "API_KEY_CREATED",
      entity: "api_keys",
      entityId: key.id,
      companyId,
      details: { name: key.name, permissions: key.permissions, expires_at: toIso(key.expiresAt) },
    });
    return {
      id: key.id,
      name: key.name,
      key: token,
      permissions: key.permissions,
      company_id: key.companyId,
      expires_at: toIso(key.expiresAt),
    };
  });
}
