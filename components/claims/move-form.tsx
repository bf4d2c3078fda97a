"use client";

import { useTranslations } from "next-intl";
import { ApiError, apiFetch, useInvalidate } from "@/components/ui/api-client";
import { StatusMoveForm } from "@/components/ui/status-move-form";
import { CLAIM_MOVES, type ClaimStatus } from "@/lib/claims/state-machine";
import { ClaimStatusInput } from "@/lib/claims/schemas";
import type { Claim } from "./types";

type MoveFormProps = {
  claim: Claim;
  /** Moves offered elsewhere on the page (approve and close, which say first what blocks them). */
  exclude?: readonly ClaimStatus[];
};

/** The other moves of a claim from its current status, along the claims' table of moves. */
export function otherMoves(status: ClaimStatus, exclude: readonly ClaimStatus[] = []): readonly ClaimStatus[] {
  return CLAIM_MOVES[status].filter((to) => !exclude.includes(to));
}

/** An administrator's move of a claim (claims:manage), along the claims' table of moves. */
export function MoveForm({ claim, exclude }: MoveFormProps) {
  const t = useTranslations("claims.move");
  const tc = useTranslations("codes");
  const invalidate = useInvalidate();
  const claimUrl = `/api/v1/claims/${claim.id}`;
  async function move(values: ClaimStatusInput) {
    try {
      const moved = await apiFetch<Claim>(`/api/v1/claims/${claim.id}/status`, { method: "PATCH", body: values });
      return moved.status;
    } catch (caught) {
      // Someone else moved the claim meanwhile: show where it stands now, with the 409's message.
      if (caught instanceof ApiError && caught.status === 409) void invalidate(claimUrl);
      throw caught;
    }
  }

  return (
    <StatusMoveForm
      subject="claim"
      name={t("label")}
      idPrefix="claim-move"
      status={claim.status}
      moves={otherMoves(claim.status, exclude)}
      label={(status: ClaimStatus) => tc(`claimStatus.${status}`)}
      schema={ClaimStatusInput}
      move={move}
      invalidates={[claimUrl]}
    />
  );
}
