"use client";

import Link from "next/link";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { ActivationButton } from "./activation-button";
import { useVersionPageData } from "./use-catalog-data";
import { VersionForm, toFormValues } from "./version-form";
import { VersionHeading } from "./version-heading";

type VersionEditorProps = { versionId: string; canEdit: boolean; isJustCreated: boolean };

/** One version: (de)activate it, edit its terms and lists while no policy uses it, or start a new one from it. */
export function VersionEditor({ versionId, canEdit, isJustCreated }: VersionEditorProps) {
  const data = useVersionPageData(versionId);
  const { found } = data;

  if (data.isLoading) return <p className="muted">Loading…</p>;
  if (!found)
    return (
      <ErrorBanner
        message={data.error ?? "This version is not in the catalog (it may belong to another company's plan)."}
      />
    );
  const { plan, version } = found;
  // A policy keeps the terms it was issued on: the API refuses (409) any change but activation.
  const isReadOnly = !canEdit || version.in_use;

  return (
    <>
      <VersionHeading found={found} title="Version" />
      {isJustCreated ? (
        <SuccessBanner message="Created this version. Deactivate the old one once it should no longer be sold." />
      ) : null}
      {canEdit ? (
        <Panel
          title="Availability and new versions"
          description="An inactive version stays in the catalog but cannot be quoted or sold."
        >
          <div className="button-row">
            <ActivationButton kind="version" isActive={version.is_active} url={`/api/v1/plan-versions/${version.id}`} />
            <Link className="button button-secondary" href={`/catalog/versions/${version.id}/new`}>
              New version from this one
            </Link>
            {version.is_active ? (
              <Link className="button button-secondary" href={`/quote?version=${version.id}`}>
                Quote this version
              </Link>
            ) : null}
          </div>
        </Panel>
      ) : null}
      <Panel
        title={isReadOnly ? "Terms and rules" : "Edit terms and rules"}
        description={`Plan ${plan.name}. Saving sends every list; each replaces the one stored.`}
      >
        {canEdit && version.in_use ? (
          <p className="banner banner-info" role="note">
            Policies were issued on this version, so its terms are kept as they were sold: prices, ages, waiting
            periods, countries, zones, surcharges and coverages cannot change here. Use{" "}
            <strong>New version from this one</strong> to change them for new sales.
          </p>
        ) : null}
        {data.isLoadingChoices ? (
          <p className="muted">Loading countries and zones…</p>
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
