import { eq } from "drizzle-orm";
import { companies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { auditLogoChange, logoDigest, readCompanyLogo } from "./company-logo";
import { inspectLogo } from "./logo-image";
import { companyColumns, getCompanyOrThrow, toCompanyResponseWithUnits } from "./internal";

/**
 * PUT /organizations/companies/{id}/logo: stores the logo printed on the company's certificates,
 * replacing any earlier one: a PNG or JPEG a certificate can print (logo-image.ts; 422 otherwise). The
 * route refuses more than 512 KB (413).
 */
export async function uploadCompanyLogo({
  ctx,
  companyId,
  file,
}: {
  ctx: ServiceContext;
  companyId: string;
  file: { bytes: Uint8Array };
}) {
  assertCan(ctx.actor, "organizations:manage");
  const contentType = inspectLogo(file.bytes);
  return inTransaction(ctx, async (tx) => {
    const company = await getCompanyOrThrow(tx.db, companyId, { forUpdate: true });
    const previous = await readCompanyLogo(tx.db, company.id);
    const content = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
    const [updated] = await tx.db
      .update(companies)
      .set({ logo: content, logoContentType: contentType })
      .where(eq(companies.id, company.id))
      .returning(companyColumns);
    await auditLogoChange(
      tx,
      company,
      { from: previous && logoDigest(previous.content), to: logoDigest(content) },
      { contentType, size: content.byteLength },
    );
    return toCompanyResponseWithUnits(tx.db, updated);
  });
}
