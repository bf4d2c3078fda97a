"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/ui/error-banner";
import { ConfirmButton } from "@/components/ui/form-fields";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import type { z } from "zod";
import type { MarkDeceasedResponse } from "@/lib/emission/schemas";
import type { Beneficiary } from "./types";

type Marked = z.infer<typeof MarkDeceasedResponse>;

type MarkDeceasedButtonProps = { beneficiary: Beneficiary; policyId: string };

/**
 * Marks a person deceased, which opens its claim in the same step. It cannot be undone, so it asks
 * once more. Asking again for someone already marked returns the same claim and opens none, which is
 * how the claim of an earlier marking is found.
 */
export function MarkDeceasedButton({ beneficiary, policyId }: MarkDeceasedButtonProps) {
  const t = useTranslations("policies.deceased");
  const [claim, setClaim] = useState<{ id: string; number: string } | null>(null);
  // A first marking changes the policy (the person's flag); asking again for the claim changes nothing.
  const { error, isBusy, submit } = useApiSubmit(undefined, undefined, {
    invalidates: beneficiary.deceased_flag ? [] : [`/api/v1/emission/policies/${policyId}`],
  });
  const name = `${beneficiary.first_name} ${beneficiary.last_name}`;

  /** Whether it succeeded (the question closes); a failure keeps it open beside the error. */
  function mark(): Promise<boolean> {
    return submit(async () => {
      const marked = await apiFetch<Marked>(`/api/v1/emission/beneficiaries/${beneficiary.id}/mark-deceased`, {
        method: "POST",
      });
      setClaim({ id: marked.claim_id, number: marked.claim_number });
    });
  }

  if (claim) {
    return (
      <span className="deceased" role="status">
        {t("claimOpened")} <Link href={`/claims/${claim.id}`}>{claim.number}</Link>
      </span>
    );
  }
  if (beneficiary.deceased_flag) {
    return (
      <Button variant="link" onClick={mark} isBusy={isBusy} aria-label={t("showClaimLabel", { name })}>
        {t("showClaim")}
      </Button>
    );
  }
  return (
    <span className="deceased">
      <ConfirmButton
        className="button-row"
        aria-label={t("markLabel", { name })}
        confirmLabel={t("confirm")}
        confirmAriaLabel={t("confirmLabel", { name })}
        onConfirm={mark}
      >
        {t("mark")}
      </ConfirmButton>
      <InlineError message={error} />
    </span>
  );
}
