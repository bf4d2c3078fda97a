"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { ActivationButton } from "./activation-button";
import { useVersionPageData } from "./use-catalog-data";
import { useCatalogFormat } from "./use-catalog-format";
import { VersionForm, toFormValues } from "./version-form";
import { VersionHeading } from "./version-heading";

type VersionEditorProps = { versionId: string; canEdit: boolean; isJustCreated: boolean };

/** One version: (de)activate it, edit its terms and lists while no policy uses it, or start a new one from it. */
export function VersionEditor({ versionId, canEdit, isJustCreated }: VersionEditorProps) {
  const t = useTranslations("catalog.version");
  const tc = useTranslations("common");
  const te = useTranslations("catalog.errors");
  const { versionName } = useCatalogFormat();
  const data = useVersionPageData(versionId);
  const { found } = data;

  if (data.isLoading) return <p className="muted">{tc("loading")}</p>;
  if (!found)
    return <ErrorBanner message={data.error ? te("loadFailed", { detail: data.error }) : t("notFoundOrOther")} />;
  const { plan, version } = found;
  // A policy keeps the terms it was issued on: the API refuses (409) any change but activation.
  const isReadOnly = !canEdit || version.in_use;

  return (
    <>
      <VersionHeading found={found} title={t("heading", { name: versionName(version) })} />
      {isJustCreated ? <SuccessBanner message={t("justCreated")} /> : null}
      {canEdit ? (
        <Panel title={t("availabilityTitle")} description={t("availabilityDescription")}>
          <div className="button-row">
            <ActivationButton kind="version" isActive={version.is_active} url={`/api/v1/plan-versions/${version.id}`} />
            <Link className="button button-secondary" href={`/catalog/versions/${version.id}/new`}>
              {t("newFromThis")}
            </Link>
            {version.is_active ? (
              <Link className="button button-secondary" href={`/quote?version=${version.id}`}>
                {t("quoteThis")}
              </Link>
            ) : null}
          </div>
        </Panel>
      ) : null}
      <Panel
        title={isReadOnly ? t("termsTitle") : t("editTitle")}
        description={t("termsDescription", { plan: plan.name })}
      >
        {canEdit && version.in_use ? (
          <p className="banner banner-info" role="note">
            {t.rich("inUseNote", { strong: (chunks) => <strong>{chunks}</strong> })}
          </p>
        ) : null}
        {data.isLoadingChoices ? (
          <p className="muted">{t("loadingChoices")}</p>
        ) : (
          <VersionForm
            // Another version's page may reuse this component: its form must start from that version.
            key={version.id}
            mode="edit"
            planId={plan.id}
            version={version}
            initialValues={toFormValues(version)}
            countries={data.countries}
            zones={data.zones}
            isReadOnly={isReadOnly}
          />
        )}
      </Panel>
    </>
  );
}
