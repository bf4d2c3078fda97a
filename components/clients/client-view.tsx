"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Country } from "@/components/catalog/types";
import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import { EditClientForm } from "./edit-client-form";
import { clientName, useChannelLabel, type Client } from "./types";

type ClientViewProps = { clientId: string; canWrite: boolean };

/** One client: its facts, language included, links to its policies, and for sellers the edit form. */
export function ClientView({ clientId, canWrite }: ClientViewProps) {
  const t = useTranslations("clients");
  const tc = useTranslations("codes");
  const tCommon = useTranslations("common");
  const channelLabel = useChannelLabel();
  const f = useFormat();
  const loaded = useApiData<Client>(`/api/v1/emission/clients/${clientId}`);
  const countries = useApiData<Country[]>(canWrite ? "/api/v1/geography/countries" : null);
  const client = loaded.data;

  const header = (
    <p className="breadcrumb">
      <Link href="/clients">{t("title")}</Link>
    </p>
  );
  if (!client) {
    return (
      <>
        <header className="page-header">
          {header}
          <h1>{t("view.title")}</h1>
        </header>
        <ErrorBanner message={loaded.error} />
        {loaded.isLoading ? <p className="muted">{tCommon("loading")}</p> : null}
      </>
    );
  }

  return (
    <>
      <header className="page-header">
        {header}
        <h1>{clientName(client)}</h1>
      </header>
      <ErrorBanner message={loaded.error} />
      <Panel
        title={t("view.details")}
        actions={
          <span className="row-links">
            <Link href={`/policies?client=${client.id}`}>{t("view.policies")}</Link>
            {canWrite ? <Link href={`/policies/new?client=${client.id}`}>{t("view.issue")}</Link> : null}
          </span>
        }
      >
        <dl className="facts">
          <dt>{t("view.email")}</dt>
          <dd>{client.email}</dd>
          <dt>{t("view.phone")}</dt>
          <dd>{client.phone_e164 ?? tCommon("none")}</dd>
          <dt>{t("view.born")}</dt>
          <dd>{f.date(client.birth_date)}</dd>
          <dt>{t("view.nationality")}</dt>
          <dd>{f.country(client.nationality)}</dd>
          <dt>{t("view.livesIn")}</dt>
          <dd>{f.country(client.country_of_residence)}</dd>
          <dt>{t("view.language")}</dt>
          <dd>{tc(`language.${client.preferred_language}`)}</dd>
          <dt>{t("view.channel")}</dt>
          <dd>{channelLabel(client.acquisition_channel) ?? tCommon("none")}</dd>
        </dl>
      </Panel>
      {canWrite ? (
        <Panel title={t("view.edit")} description={t("view.editDescription")}>
          <ErrorBanner message={countries.error} />
          <EditClientForm client={client} countries={countries.data} isLoadingCountries={countries.isLoading} />
        </Panel>
      ) : null}
    </>
  );
}
