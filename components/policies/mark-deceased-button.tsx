"use client";

import Link from "next/link";
import { useState } from "react";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/ui/error-banner";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import type { z } from "zod";
import type { MarkDeceasedResponse } from "@/lib/emission/schemas";
import type { Beneficiary } from "./types";

type Marked = z.infer<typeof MarkDeceasedResponse>;

type MarkDeceasedButtonProps = { beneficiary: Beneficiary; onMarked: () => void };

/**
 * Marks a person deceased, which opens its claim in the same step. It cannot be undone, so it asks
 * once more. Asking again for someone already marked returns the same claim and opens none, which is
 * how the claim of an earlier marking is found.
 */
export function MarkDeceasedButton({ beneficiary, onMarked }: MarkDeceasedButtonProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [claimId, setClaimId] = useState<string | null>(null);
  const { error, isBusy, submit } = useApiSubmit();
  const name = `${beneficiary.first_name} ${beneficiary.last_name}`;

  async function mark() {
    await submit(async () => {
      const marked = await apiFetch<Marked>(`/api/v1/emission/beneficiaries/${beneficiary.id}/mark-deceased`, {
        method: "POST",
      });
      setClaimId(marked.claim_id);
      setIsConfirming(false);
      if (!beneficiary.deceased_flag) onMarked();
    });
  }

  if (claimId) {
    return (
      <span className="deceased" role="status">
        Claim opened:{" "}
        <Link href={`/claims/${claimId}`}>
          <code className="id">{claimId}</code>
        </Link>
      </span>
    );
  }
  if (beneficiary.deceased_flag) {
    return (
      <Button variant="link" onClick={mark} isBusy={isBusy} aria-label={`Show the claim of ${name}`}>
        Show claim
      </Button>
    );
  }
  return (
    <span className="deceased">
      {isConfirming ? (
        <span className="button-row">
          <Button variant="danger" onClick={mark} isBusy={isBusy} aria-label={`Confirm: ${name} is deceased`}>
            Confirm
          </Button>
          <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={isBusy}>
            Cancel
          </Button>
        </span>
      ) : (
        <Button variant="danger" onClick={() => setIsConfirming(true)} aria-label={`Mark ${name} deceased`}>
          Mark deceased
        </Button>
      )}
      <InlineError message={error} />
    </span>
  );
}
