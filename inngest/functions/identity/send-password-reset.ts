import { getDb } from "@/db";
import { systemContext } from "@/lib/context";
import { sendPasswordResetLink } from "@/lib/identity/send-password-reset-link";
import { defineBackgroundFunction } from "../../define";

// The reset link of POST /auth/password-reset, off the request's path: the request then takes as long
// whether or not the e-mail is a user's (trust.md section 2).
export const sendPasswordResetFunction = defineBackgroundFunction(
  { id: "send-password-reset", trigger: { event: "identity/password-reset.requested" }, retries: 4 },
  async ({ event, step }) =>
    step.run("send-link", async () => {
      const ctx = { ...systemContext(await getDb(), "password-reset"), ipAddress: event.data.ip_address };
      return sendPasswordResetLink({ ctx, email: event.data.email });
    }),
);
