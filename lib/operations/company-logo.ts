import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { writeAudit } from "./audit";
import type { CompanyRow } from "./internal";

// What the logo verbs share: its bytes as stored, and the audit row of a change (COMPANY_UPDATED, like
// any other edit of the company, with the logo's digest before and after).

export type CompanyLogo = { content: Uint8Array; contentType: string };

/** The company's logo bytes and type, or null when it has none. */
export async function readCompanyLogo(db: DbOrTx, companyId: string): Promise<CompanyLogo | null> {
  const [row] = await db
    .select({ content: companies.logo, contentType: companies.logoContentType })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row?.content || !row.contentType) return null;
  return { content: row.content, contentType: row.contentType };
}

export function logoDigest(content: Uint8Array): string {
  return createHash("sha256").update(content).digest("hex");
}

/** COMPANY_UPDATED naming the logo's change: the SHA-256 of the old and new file (null for none). */
export async function auditLogoChange(
  tx: ServiceContext,
  company: CompanyRow,
  change: { from: string | null; to: string | null },
  file?: { contentType: string; size: number },
): Promise<void> {
  await writeAudit(tx, {
    action: "COMPANY_UPDATED",
    entity: "companies",
    entityId: company.id,
    companyId: company.id,
    details: {
      name: company.name,
      changes: { logo: change },
      ...(file ? { content_type: file.contentType, size: file.size } : {}),
    },
  });
}
