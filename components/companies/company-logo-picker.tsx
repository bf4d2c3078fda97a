"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import type { Company } from "./types";

const COMPANIES = "/api/v1/organizations/companies";

/**
 * The logo printed on the company's certificates (PUT and DELETE /organizations/companies/{id}/logo):
 * a file is sent as soon as it is picked; the service judges it by its content.
 */
export function CompanyLogoPicker({ company }: { company: Company }) {
  const t = useTranslations("companies.logo");
  const fileInput = useRef<HTMLInputElement>(null);
  const { error, success, submit, isBusy } = useApiSubmit(undefined, undefined, { invalidates: [COMPANIES] });
  const logoUrl = `${COMPANIES}/${company.id}/logo`;
  const inputId = `company-${company.id}-logo`;
  // Counts the uploads here: a new image URL after each, so the browser shows the current file.
  const [uploads, setUploads] = useState(0);

  async function upload(file: File) {
    const form = new FormData();
    form.append("file", file);
    await submit(async () => {
      await apiFetch<Company>(logoUrl, { method: "PUT", body: form });
      setUploads((count) => count + 1);
      return t("uploaded");
    });
    // The same file may be picked again after a refusal.
    if (fileInput.current) fileInput.current.value = "";
  }

  return (
    <section className="form" aria-label={t("label", { company: company.name })}>
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      {company.has_logo ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={`${logoUrl}?upload=${uploads}`}
          alt={t("current", { company: company.name })}
          style={{ maxWidth: 180, maxHeight: 60, objectFit: "contain" }}
        />
      ) : (
        <p className="muted">{t("none")}</p>
      )}
      <label className="field" htmlFor={inputId}>
        <span>{t("pick")}</span>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={`${inputId}-hint`}
          disabled={isBusy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <span id={`${inputId}-hint`} className="muted">
          {t("hint")}
        </span>
      </label>
      {company.has_logo ? (
        <Button
          variant="secondary"
          isBusy={isBusy}
          onClick={() =>
            void submit(async () => {
              await apiFetch(logoUrl, { method: "DELETE" });
              return t("removed");
            })
          }
        >
          {t("remove")}
        </Button>
      ) : null}
    </section>
  );
}
