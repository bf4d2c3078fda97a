import { getDb } from "@/db";
import { storeCertificate } from "@/lib/emission/certificate/store-certificate";
import { systemContext } from "@/lib/context";
import { defineBackgroundFunction } from "../../define";

// Renders and keeps a policy's certificate once the move to ACTIVE has committed, so that the first
// download does not wait for it. A re-activation finds the certificate kept and renders nothing.
export const renderCertificateFunction = defineBackgroundFunction(
  { id: "render-certificate", trigger: { event: "emission/policy.activated" }, retries: 4 },
  async ({ event, step }) =>
    step.run("render-and-store", async () =>
      storeCertificate({ ctx: systemContext(await getDb(), "render-certificate"), policyId: event.data.policy_id }),
    ),
);
