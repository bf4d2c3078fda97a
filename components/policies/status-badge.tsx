"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/panel";
import type { PolicyStatus } from "@/lib/emission/state-machine";

// Green while the policy covers its people, red when a payment is owed, grey once it is over.
const TONES: Record<PolicyStatus, "neutral" | "accent" | "ok" | "danger"> = {
  DRAFT: "neutral",
  PENDING_PAYMENT: "accent",
  ACTIVE: "ok",
  IN_ARREARS: "danger",
  PAID_FAILED: "danger",
  CANCELLED: "neutral",
  EXPIRED: "neutral",
  LAPSED: "danger",
  NOT_TAKEN_UP: "neutral",
};

export function StatusBadge({ status }: { status: PolicyStatus }) {
  const tc = useTranslations("codes");
  return <Badge tone={TONES[status]}>{tc(`policyStatus.${status}`)}</Badge>;
}
