"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/ui/error-banner";
import { Badge, Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { acceptsFacts } from "./death-facts-panel";
import type { Claim, ClaimDocument, ClaimRequirement } from "./types";
import { useRequirementLabel } from "./use-claim-texts";

const TONES: Record<ClaimRequirement["status"], "neutral" | "accent" | "ok" | "danger"> = {
  MISSING: "neutral",
  RECEIVED: "accent",
  ACCEPTED: "ok",
  REJECTED: "danger",
};

/** The document a checklist needs: accepted, received, missing or rejected, as a badge. */
export function RequirementStatusBadge({ status }: { status: ClaimRequirement["status"] }) {
  const tc = useTranslations("codes.requirementStatus");
  return <Badge tone={TONES[status]}>{tc(status)}</Badge>;
}

type ChecklistPanelProps = { claim: Claim; canWrite: boolean; canManage: boolean };

/**
 * The documents the claim needs (claims-cover.md section 3): each item with its status, its latest upload,
 * an upload control (claims:write) and the review (claims:manage: accept, or reject with a note).
 */
export function ChecklistPanel({ claim, canWrite, canManage }: ChecklistPanelProps) {
  const t = useTranslations("claims.checklist");
  const mandatory = claim.requirements.filter((item) => item.mandatory);
  const accepted = mandatory.filter((item) => item.status === "ACCEPTED").length;
  const isOpen = acceptsFacts(claim.status);
  return (
    <Panel
      title={t("title")}
      description={t("progress", { accepted, mandatory: mandatory.length, total: claim.requirements.length })}
    >
      {claim.requirements.length === 0 ? (
        <p className="muted">{t("empty")}</p>
      ) : (
        <ul className="claim-checklist" aria-label={t("label")}>
          {claim.requirements.map((item) => (
            <RequirementRow
              key={item.code}
              claimId={claim.id}
              item={item}
              document={claim.documents.find((document) => document.id === item.document_id) ?? null}
              canUpload={canWrite && isOpen}
              canReview={canManage && isOpen}
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

type RequirementRowProps = {
  claimId: string;
  item: ClaimRequirement;
  document: ClaimDocument | null;
  canUpload: boolean;
  canReview: boolean;
};

function RequirementRow({ claimId, item, document, canUpload, canReview }: RequirementRowProps) {
  const t = useTranslations("claims.checklist");
  const f = useFormat();
  const labelOf = useRequirementLabel();
  const label = labelOf(item);
  const fileInput = useRef<HTMLInputElement>(null);
  const [isRejecting, setIsRejecting] = useState(false);
  const [note, setNote] = useState("");
  const claimUrl = `/api/v1/claims/${claimId}`;
  const { error, isBusy, submit } = useApiSubmit(undefined, undefined, {
    invalidates: [claimUrl],
    describeError: (caught) =>
      caught instanceof ApiError ? t("failed", { detail: caught.message }) : t("networkError"),
  });

  async function upload(file: File) {
    const form = new FormData();
    form.set("file", file);
    form.set("requirement_code", item.code);
    await submit(async () => {
      await apiFetch(`${claimUrl}/documents`, { method: "POST", body: form });
    });
    if (fileInput.current) fileInput.current.value = "";
  }

  async function review(status: "ACCEPTED" | "REJECTED", reviewNote?: string) {
    const isDone = await submit(async () => {
      await apiFetch(`${claimUrl}/requirements/${encodeURIComponent(item.code)}`, {
        method: "PATCH",
        body: reviewNote ? { status, note: reviewNote } : { status },
      });
    });
    if (isDone) {
      setIsRejecting(false);
      setNote("");
    }
  }

  function onReject(event: FormEvent) {
    event.preventDefault();
    if (note.trim()) void review("REJECTED", note.trim());
  }

  return (
    <li className="claim-requirement" aria-label={label}>
      <div className="claim-requirement-head">
        <strong>{label}</strong>
        {item.mandatory ? (
          <span className="claim-mandatory">{t("mandatory")}</span>
        ) : (
          <span className="muted">{t("optional")}</span>
        )}
        <RequirementStatusBadge status={item.status} />
      </div>
      <div className="claim-requirement-body">
        {document ? (
          <span>
            <a href={`${claimUrl}/documents/${document.id}`} download={document.filename}>
              {document.filename}
            </a>{" "}
            <span className="muted">
              {t("uploaded", {
                size: f.number(Math.max(1, Math.round(document.size / 1024))),
                at: f.dateTime(document.uploaded_at),
              })}
            </span>
          </span>
        ) : (
          <span className="muted">{t("noDocument")}</span>
        )}
        {item.note ? <span className="claim-requirement-note">{t("note", { note: item.note })}</span> : null}
      </div>
      <div className="claim-requirement-actions">
        {canUpload ? (
          <label className="button button-secondary claim-upload">
            {document ? t("replace") : t("upload")}
            <input
              ref={fileInput}
              type="file"
              className="visually-hidden"
              accept="application/pdf,image/jpeg,image/png"
              aria-label={t("uploadFor", { label })}
              disabled={isBusy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </label>
        ) : null}
        {canReview && item.document_id && item.status !== "ACCEPTED" ? (
          <Button
            variant="primary"
            isBusy={isBusy}
            onClick={() => void review("ACCEPTED")}
            aria-label={t("acceptFor", { label })}
          >
            {t("accept")}
          </Button>
        ) : null}
        {canReview && item.document_id && item.status !== "REJECTED" && !isRejecting ? (
          <Button variant="secondary" onClick={() => setIsRejecting(true)} aria-label={t("rejectFor", { label })}>
            {t("reject")}
          </Button>
        ) : null}
        <InlineError message={error} />
      </div>
      {isRejecting ? (
        <form className="claim-reject-form" onSubmit={onReject} aria-label={t("rejectFor", { label })}>
          <label htmlFor={`reject-note-${item.code}`}>{t("rejectNote")}</label>
          <input
            id={`reject-note-${item.code}`}
            value={note}
            maxLength={1000}
            autoComplete="off"
            onChange={(event) => setNote(event.target.value)}
          />
          <Button type="submit" variant="danger" isBusy={isBusy} disabled={!note.trim()}>
            {t("confirmReject")}
          </Button>
          <Button variant="secondary" onClick={() => setIsRejecting(false)}>
            {t("cancel")}
          </Button>
        </form>
      ) : null}
    </li>
  );
}
