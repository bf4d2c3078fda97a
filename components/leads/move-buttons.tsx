"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { ApiError, apiFetch, useInvalidate } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { LEAD_MOVES } from "@/lib/leads/state-machine";
import { ConvertDialog } from "./convert-dialog";
import { leadName, type Lead } from "./types";

type MoveButtonsProps = {
  lead: Lead;
  /** The lead as the API returned it after the move. */
  onMoved: (lead: Lead) => void;
};

/**
 * One button per move the service allows from the lead's stage (the same LEAD_MOVES table), each a
 * PATCH of the stage, but for CONVERTED: that one is final and makes a client, so it opens the
 * conversion dialog, which asks for the client and a confirmation. A 409 (someone moved the lead
 * meanwhile) is shown with the API's message, which names both stages, and the leads on show (the board,
 * the lead) load again to show where it stands.
 */
export function MoveButtons({ lead, onMoved }: MoveButtonsProps) {
  const t = useTranslations("leads.move");
  const tc = useTranslations("codes");
  const tCommon = useTranslations("common");
  const locale = useLocale();
  const moves = LEAD_MOVES[lead.stage];
  const { error, isBusy, submit } = useApiSubmit(undefined, undefined, {
    describeError: (caught) =>
      caught instanceof ApiError ? t("failed", { detail: caught.message }) : tCommon("networkError"),
  });
  const invalidate = useInvalidate();
  const [isConverting, setIsConverting] = useState(false);
  if (moves.length === 0) return <p className="muted lead-final">{t("final")}</p>;

  const move = (stage: (typeof moves)[number]) =>
    submit(async () => {
      try {
        onMoved(await apiFetch<Lead>(`/api/v1/leads/${lead.id}`, { method: "PATCH", body: { stage } }));
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 409) void invalidate("/api/v1/leads");
        throw caught;
      }
    });

  return (
    <div className="lead-moves">
      <div className="lead-move-buttons" role="group" aria-label={t("group", { name: leadName(lead) })}>
        {moves.map((stage) => (
          <Button
            key={stage}
            variant={stage === "DISQUALIFIED" ? "danger" : "secondary"}
            isBusy={isBusy}
            onClick={() => (stage === "CONVERTED" ? setIsConverting(true) : void move(stage))}
          >
            {t("to", { stage: tc(`leadStage.${stage}`).toLocaleLowerCase(locale) })}
          </Button>
        ))}
      </div>
      <ErrorBanner message={error} />
      {isConverting ? (
        <ConvertDialog
          lead={lead}
          onConverted={(converted) => {
            setIsConverting(false);
            onMoved(converted);
          }}
          onClose={() => setIsConverting(false)}
        />
      ) : null}
    </div>
  );
}
