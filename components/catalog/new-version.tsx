"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import type { Version } from "./types";
import { useVersionPageData } from "./use-catalog-data";
import { useCatalogFormat } from "./use-catalog-format";
import { VersionForm, toFormValues } from "./version-form";
import { VersionHeading } from "./version-heading";

/** "v2" after "v1", "2026-2" after "2026-1"; a label without a number is left for the person to choose. */
export function nextLabel(label: string | null): string | undefined {
  const match = label?.match(/^(.*?)(\d+)$/);
  return match ? `${match[1]}${Number(match[2]) + 1}` : undefined;
}

/** A new version of the same plan, starting from every term and list of an existing one. */
export function NewVersion({ versionId }: { versionId: string }) {
  const router = useRouter();
  const t = useTranslations("catalog");
  const tc = useTranslations("common");
  const { versionName } = useCatalogFormat();
  const data = useVersionPageData(versionId);
  const { found } = data;

  if (data.isLoading) return <p className="muted">{tc("loading")}</p>;
  if (!found)
    return (
      <ErrorBanner message={data.error ? t("errors.loadFailed", { detail: data.error }) : t("version.notFound")} />
    );
  const { plan, version } = found;

  function onCreated(created: Version) {
    router.push(`/catalog/versions/${created.id}?created=1`);
  }

  return (
    <>
      <VersionHeading found={found} title={t("version.headingNew", { name: versionName(version) })} />
      <Panel
        title={t("version.newTitle")}
        description={t("version.newDescription", { version: versionName(version), plan: plan.name })}
      >
        {data.isLoadingChoices ? (
          <p className="muted">{t("version.loadingChoices")}</p>
        ) : (
          <VersionForm
            mode="create"
            planId={plan.id}
            version={version}
            initialValues={{
              ...toFormValues(version),
              version_label: nextLabel(version.version_label),
              is_active: true,
            }}
            countries={data.countries}
            zones={data.zones}
            isReadOnly={false}
            onCreated={onCreated}
          />
        )}
      </Panel>
    </>
  );
}
