"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Badge } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import type { ClaimDocumentResponse, ClaimRequirementResponse, ClaimResponse } from "@/lib/claims/schemas";
import { MAX_CLAIM_DOCUMENT_BYTES } from "@/lib/claims/documents/limits";

const ACCEPTED_TYPES = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";

const TONES: Record<ClaimRequirementResponse["status"], "neutral" | "accent" | "ok" | "danger"> = {
  MISSING: "accent",
  RECEIVED: "neutral",
  ACCEPTED: "ok",
  REJECTED: "danger",
};

/** A claim the desk has finished with takes no more documents (the API answers 409). */
function takesDocuments(claim: ClaimResponse): boolean {
  return claim.status !== "CLOSED" && claim.status !== "REJECTED";
}

/**
 * The documents a claim needs, each with its status, the file sent for it (to download) and a control
 * to send it: POST /claims/{id}/documents, multipart `file` and `requirement_code`.
 */
export function ClaimChecklist({ claim }: { claim: ClaimResponse }) {
  const t = useTranslations("portal.checklist");
  const documents = new Map(claim.documents.map((document) => [document.id, document]));
  if (claim.requirements.length === 0) return <p className="muted">{t("none")}</p>;
  const missing = claim.requirements.filter((item) => item.mandatory && item.status === "MISSING").length;
  return (
    <section className="checklist" aria-label={t("label")}>
      <h4>{t("title")}</h4>
      {takesDocuments(claim) ? (
        <p className="muted checklist-intro">
          {missing > 0 ? t("intro", { count: missing }) : t("allSent")} {t("formats")}
        </p>
      ) : null}
      <ul className="checklist-items">
        {claim.requirements.map((item) => (
          <ChecklistItem
            key={item.code}
            claim={claim}
            item={item}
            document={item.document_id ? documents.get(item.document_id) : undefined}
          />
        ))}
      </ul>
    </section>
  );
}

/** The item's name: the catalog's for a built-in code, the company's own label for its custom items. */
export function useRequirementName() {
  const tc = useTranslations("codes");
  return (item: Pick<ClaimRequirementResponse, "code" | "label">) => {
    const key = `requirement.${item.code}`;
    return tc.has(key as never) ? tc(key as never) : item.label;
  };
}

function ChecklistItem({
  claim,
  item,
  document,
}: {
  claim: ClaimResponse;
  item: ClaimRequirementResponse;
  document: ClaimDocumentResponse | undefined;
}) {
  const t = useTranslations("portal.checklist");
  const tc = useTranslations("codes");
  const f = useFormat();
  const nameOf = useRequirementName();
  const name = nameOf(item);
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const { error, isBusy, submit } = useApiSubmit(undefined, undefined, { invalidates: ["/api/v1/claims"] });
  const inputId = `document-${claim.id}-${item.code}`;
  const canUpload = takesDocuments(claim) && item.status !== "ACCEPTED";

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    if (file.size > MAX_CLAIM_DOCUMENT_BYTES) {
      setTooLarge(true);
      return;
    }
    const sent = await submit(async () => {
      const body = new FormData();
      body.append("file", file);
      body.append("requirement_code", item.code);
      await apiFetch<ClaimDocumentResponse>(`/api/v1/claims/${claim.id}/documents`, { method: "POST", body });
    });
    if (sent) {
      setFile(null);
      // A new input: the one that held the file sent forgets it.
      setFormKey((current) => current + 1);
    }
  }

  return (
    <li className="checklist-item" aria-label={name}>
      <div className="checklist-head">
        <span className="checklist-name">
          {name}
          {item.mandatory ? null : <span className="muted"> {t("optional")}</span>}
        </span>
        <Badge tone={TONES[item.status]}>{tc(`requirementStatus.${item.status}`)}</Badge>
      </div>
      {item.status === "REJECTED" && item.note ? (
        <p className="checklist-note">{t("rejectedNote", { note: item.note })}</p>
      ) : null}
      {item.status === "REJECTED" && !item.note ? <p className="checklist-note">{t("rejected")}</p> : null}
      {document ? (
        <p className="checklist-file">
          <a href={`/api/v1/claims/${claim.id}/documents/${document.id}`} download={document.filename}>
            {t("download", { filename: document.filename })}
          </a>{" "}
          <span className="muted">{t("sentOn", { date: f.date(document.uploaded_at) })}</span>
        </p>
      ) : null}
      {canUpload ? (
        <form key={formKey} className="checklist-upload" onSubmit={upload} aria-label={t("uploadLabel", { name })}>
          {/* The browser's own file control speaks the browser's language: a labelled button speaks the page's. */}
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={ACCEPTED_TYPES}
            onChange={(event) => {
              setTooLarge(false);
              setFile(event.target.files?.[0] ?? null);
            }}
          />
          <label htmlFor={inputId} className="button button-secondary checklist-pick">
            {file ? t("chooseOther") : document ? t("chooseAgain") : t("choose")}
          </label>
          {file ? (
            <>
              <span className="checklist-chosen">{file.name}</span>
              <Button type="submit" isBusy={isBusy}>
                {isBusy ? t("sending") : t("send")}
              </Button>
            </>
          ) : null}
        </form>
      ) : null}
      <ErrorBanner message={tooLarge ? t("tooLarge") : error} />
    </li>
  );
}
