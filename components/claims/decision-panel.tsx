"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch, useInvalidate } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { CLAIM_MOVES } from "@/lib/claims/state-machine";
import { approveBlockers, closeBlockers } from "./claim-blockers";
import { MoveForm, otherMoves } from "./move-form";
import type { Claim } from "./types";
import { useRequirementLabel } from "./use-claim-texts";

const DECISIONS = ["APPROVED", "CLOSED"] as const;

type DecisionPanelProps = { claim: Claim; canOverride: boolean };

/**
 * The decisions of a claim (claims:manage): approve (IN_REVIEW) and close (APPROVED), each saying what
 * blocks it before anyone clicks, with the override for those allowed; the other moves below.
 */
export function DecisionPanel({ claim, canOverride }: DecisionPanelProps) {
  const t = useTranslations("claims.decision");
  const tc = useTranslations("codes");
  const f = useFormat();
  const labelOf = useRequirementLabel();
  const canApprove = CLAIM_MOVES[claim.status].includes("APPROVED");
  const canClose = CLAIM_MOVES[claim.status].includes("CLOSED");
  const hasOtherMoves = otherMoves(claim.status, DECISIONS).length > 0;

  const approveReasons = approveBlockers(claim).map((blocker) =>
    blocker.kind === "requirement"
      ? t("blocker.requirement", {
          label: labelOf(blocker),
          status: tc(`requirementStatus.${blocker.status}`).toLocaleLowerCase(f.locale),
        })
      : t(`blocker.${blocker.kind}`),
  );
  const closeReasons = closeBlockers(claim).map((blocker) =>
    t("blocker.unpaid", {
      expenses: f.money(blocker.expenses, blocker.currency),
      paid: f.money(blocker.paid, blocker.currency),
    }),
  );

  return (
    <Panel title={t("title")} description={t("description")}>
      {canApprove ? (
        <DecisionForm claim={claim} to="APPROVED" blockers={approveReasons} canOverride={canOverride} />
      ) : null}
      {canClose ? <DecisionForm claim={claim} to="CLOSED" blockers={closeReasons} canOverride={canOverride} /> : null}
      {hasOtherMoves || (!canApprove && !canClose) ? (
        <div className="claim-other-moves">
          {canApprove || canClose ? <h3 className="claim-subtitle">{t("otherMoves")}</h3> : null}
          <MoveForm claim={claim} exclude={DECISIONS} />
        </div>
      ) : null}
    </Panel>
  );
}

type DecisionFormProps = {
  claim: Claim;
  to: (typeof DECISIONS)[number];
  /** What blocks the move, in words; empty: nothing. */
  blockers: string[];
  canOverride: boolean;
};

function DecisionForm({ claim, to, blockers, canOverride }: DecisionFormProps) {
  const t = useTranslations(`claims.decision.${to === "APPROVED" ? "approve" : "close"}`);
  const tCommon = useTranslations("claims.decision");
  const invalidate = useInvalidate();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const claimUrl = `/api/v1/claims/${claim.id}`;
  const isBlocked = blockers.length > 0;
  const { error, success, isBusy, submit } = useApiSubmit(undefined, undefined, {
    invalidates: [claimUrl],
    describeError: (caught) =>
      caught instanceof ApiError
        ? [caught.message, ...caught.errors.map((item) => item.message)].join(" · ")
        : tCommon("networkError"),
  });
  const id = `claim-${to.toLowerCase()}`;

  async function decide(override: boolean) {
    if (!reason.trim()) {
      setReasonError(tCommon("reasonRequired"));
      return;
    }
    setReasonError(null);
    const isDone = await submit(async () => {
      try {
        await apiFetch<Claim>(`${claimUrl}/status`, {
          method: "PATCH",
          body: { status: to, reason: reason.trim(), ...(override ? { override: true } : {}) },
        });
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 409) void invalidate(claimUrl);
        throw caught;
      }
      return override ? t("overridden") : t("done");
    });
    if (isDone) setReason("");
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isBlocked) void decide(false);
  }

  return (
    <form className="claim-decision" onSubmit={onSubmit} noValidate aria-label={t("label")}>
      <h3 className="claim-subtitle">{t("label")}</h3>
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      {isBlocked ? (
        <div className="claim-blockers">
          <p>{t("blocked")}</p>
          <ul aria-label={t("blockersLabel")}>
            {blockers.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="claim-ready">{t("ready")}</p>
      )}
      <Field id={`${id}-reason`} label={t("reason")} hint={t("reasonHint")} error={reasonError ?? undefined}>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={1000}
          autoComplete="off"
          aria-invalid={Boolean(reasonError)}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      <div className="form-actions">
        <Button type="submit" disabled={isBlocked} isBusy={isBusy}>
          {t("submit")}
        </Button>
        {isBlocked && canOverride ? (
          <Button variant="danger" isBusy={isBusy} onClick={() => void decide(true)}>
            {t("override")}
          </Button>
        ) : null}
      </div>
      {isBlocked && !canOverride ? <p className="muted">{tCommon("noOverride")}</p> : null}
    </form>
  );
}
