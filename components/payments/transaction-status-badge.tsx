"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/panel";
import type { TransactionStatus } from "@/lib/payments/state-machine";

// Green once the money is in, red when a charge failed, blue while the processor has not answered.
const TONES: Record<TransactionStatus, "accent" | "ok" | "danger"> = {
  PENDING: "accent",
  PAID: "ok",
  FAILED: "danger",
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const tc = useTranslations("codes");
  return <Badge tone={TONES[status]}>{tc(`transactionStatus.${status}`)}</Badge>;
}
