"use client";

import { useTranslations } from "next-intl";
import { z } from "zod";
import { apiFetch } from "@/components/ui/api-client";
import { StatusMoveForm, type StatusMove } from "@/components/ui/status-move-form";
import { movesFrom, type PolicyStatus } from "@/lib/emission/state-machine";
import { TransitionInput } from "@/lib/emission/schemas";
import { type PolicyDetail } from "./types";

// The API names the status to_status; the shared form names it status, with the same rules.
const TransitionFormInput = z.object({ status: TransitionInput.shape.to_status, reason: TransitionInput.shape.reason });

type TransitionFormProps = { policy: PolicyDetail };

/** An administrator's move of a policy: the moves allowed by hand (the service's table decides both). */
export function TransitionForm({ policy }: TransitionFormProps) {
  const t = useTranslations("policies.transition");
  const tc = useTranslations("codes");
  async function move({ status, reason }: StatusMove<PolicyStatus>) {
    const moved = await apiFetch<PolicyDetail>(`/api/v1/emission/policies/${policy.id}/transition`, {
      method: "POST",
      body: { to_status: status, reason },
    });
    return moved.status;
  }

  return (
    <StatusMoveForm
      subject="policy"
      name={t("name")}
      idPrefix="transition"
      status={policy.status}
      moves={movesFrom(policy.status, "manual")}
      label={(status) => tc(`policyStatus.${status}`)}
      schema={TransitionFormInput}
      move={move}
      invalidates={[`/api/v1/emission/policies/${policy.id}`]}
    />
  );
}
