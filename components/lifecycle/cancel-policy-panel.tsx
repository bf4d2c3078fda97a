"use client";

import { useTranslations } from "next-intl";
import "./lifecycle.css";
import { useState } from "react";
import type { PolicyDetail } from "@/components/policies/types";
import { Button } from "@/components/ui/button";
import { SuccessBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { CancelPolicyForm } from "./cancel-policy-form";
import { FINAL_STATUSES, policyPath } from "./types";

/** The back office's cancellation of a policy that is not over yet, for those who may move policies. */
export function CancelPolicyPanel({ policy }: { policy: PolicyDetail }) {
  const t = useTranslations("lifecycle.cancel");
  const [isOpen, setIsOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const isOver = FINAL_STATUSES.includes(policy.status);
  if (isOver && !notice) return null;
  return (
    <Panel
      title={t("title")}
      description={t("description")}
      actions={
        isOpen || isOver ? null : (
          <Button variant="danger" onClick={() => setIsOpen(true)}>
            {t("open")}
          </Button>
        )
      }
    >
      <SuccessBanner message={notice} />
      {isOpen ? (
        <CancelPolicyForm
          policy={policy}
          audience="staff"
          invalidates={[policyPath(policy.id), "/api/v1/payments/transactions"]}
          onDone={(message) => {
            setIsOpen(false);
            setNotice(message);
          }}
          onCancel={() => setIsOpen(false)}
        />
      ) : null}
    </Panel>
  );
}
