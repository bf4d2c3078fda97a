import { assertCan } from "@/lib/auth/actor";
import { type ServiceContext } from "@/lib/context";
import { getCompanyOrThrow, toCompanyResponseWithUnits } from "./internal";

export async function getCompany({ ctx, companyId }: { ctx: ServiceContext; companyId: string }) {
  assertCan(ctx.actor, "organizations:manage");
  const company = await getCompanyOrThrow(ctx.db, companyId);
  return toCompanyResponseWithUnits(ctx.db, company);
}
