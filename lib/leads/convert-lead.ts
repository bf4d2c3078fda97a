import { eq } from "drizzle-orm";
import { leads } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { createClient } from "@/lib/emission/create-client";
import { getClientOrThrow } from "@/lib/emission/internal";
import { BusinessRuleError, ConflictError, ValidationError } from "@/lib/errors";
import { getLeadOrThrow } from "./internal";
import type { ConvertLeadInput, LeadResponse } from "./schemas";
import { assertLeadMove } from "./state-machine";
import { updateLead } from "./update-lead";

/**
 * POST /leads/{id}/convert: the lead becomes a client, one that exists (`client_id`, which the caller
 * must see) or a new one (`client`, registered by createClient with its own rules), and moves to
 * CONVERTED, all in one transaction: a refusal at any step leaves neither a new client nor a moved lead.
 * The move is updateLead's (the state machine, its audit rows and the CRM sync); the client is set first,
 * so the LEAD_CONVERTED audit row names it.
 */
export async function convertLead({
  ctx,
  leadId,
  input,
}: {
  ctx: ServiceContext;
  leadId: string;
  input: ConvertLeadInput;
}): Promise<LeadResponse> {
  assertCan(ctx.actor, "leads:write");
  assertCan(ctx.actor, input.client ? "emission:write" : "emission:read");
  return inTransaction(ctx, async (tx) => {
    const lead = await getLeadOrThrow(tx, leadId, { forUpdate: true });
    // Before any client is looked up or written: only a QUALIFIED lead converts (409 otherwise).
    assertLeadMove(lead.stage, "CONVERTED");
    const client = input.client
      ? await createClient({ ctx: tx, input: input.client }).then(
          (created) => ({ id: created.id, companyId: created.company_id }),
          underClient,
        )
      : await getClientOrThrow(tx, input.client_id!);
    // Whoever may see both (ADMIN) could otherwise give a lead another company's client, whose name the
    // lead's company would then read on the lead.
    if (lead.companyId && client.companyId !== lead.companyId) {
      const message = "the client belongs to another company than the lead";
      throw new BusinessRuleError(message, [
        { path: input.client ? "client" : "client_id", message, code: "not_lead_company" },
      ]);
    }
    await tx.db.update(leads).set({ clientId: client.id }).where(eq(leads.id, lead.id));
    return updateLead({ ctx: tx, leadId: lead.id, input: { stage: "CONVERTED" } });
  });
}

/**
 * createClient's refusals as this body words them: its fields (phone_e164, nationality) sit under
 * `client`, and its one conflict, the taken e-mail, gets a code of its own so that a caller tells it from
 * the stage machine's 409.
 */
function underClient(error: unknown): never {
  if (error instanceof ConflictError) throw new ConflictError(error.message, "email_taken");
  if (!(error instanceof ValidationError)) throw error;
  const errors = error.errors.map((item) => ({ ...item, path: `client.${item.path}` }));
  throw new ValidationError(error.message, errors, error.code);
}
