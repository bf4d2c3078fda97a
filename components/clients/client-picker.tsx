"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Country } from "@/components/catalog/types";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { useFormat } from "@/components/ui/use-format";
import { CreateClientFormPanel } from "./create-client-form";
import { clientName, type Client } from "./types";
import "./clients.css";
import { useDebouncedValue } from "./use-debounced-value";

const MATCHES_SHOWN = 8;

type ClientPickerProps = {
  client: Client | null;
  onChange: (client: Client | null) => void;
  error?: string;
  /** The search's label; a list filter says "Client". */
  label?: string;
  /** What the button that drops the choice says ("Any client" for a filter). */
  clearLabel?: string;
  /** Offers registering a new client in place (the issue pages, not a filter). */
  canCreate?: boolean;
};

/**
 * Finds the client as its name or e-mail is typed (GET /emission/clients?q=), or registers a new one
 * in place, which is then the client chosen.
 */
export function ClientPicker({ client, onChange, error, label, clearLabel, canCreate = true }: ClientPickerProps) {
  const t = useTranslations("clients.picker");
  const f = useFormat();
  const [search, setSearch] = useState("");
  const [isCreating, setIsCreating] = useState(false);
  const q = useDebouncedValue(search.trim());
  const matches = useApiData<Paginated<Client>>(
    !client && !isCreating && q
      ? `/api/v1/emission/clients?${new URLSearchParams({ q, page_size: String(MATCHES_SHOWN) })}`
      : null,
  );
  const countries = useApiData<Country[]>(isCreating ? "/api/v1/geography/countries" : null);

  if (client) {
    return (
      <div className="chosen-client">
        <div>
          <strong>{clientName(client)}</strong> <span className="muted">{client.email}</span>
          <div className="muted">
            {t("chosen", { date: f.date(client.birth_date), country: f.country(client.country_of_residence) })}
          </div>
        </div>
        <Button variant="secondary" onClick={() => onChange(null)}>
          {clearLabel ?? t("change")}
        </Button>
      </div>
    );
  }

  if (isCreating) {
    return (
      <div className="form">
        <CreateClientFormPanel
          label={t("newClient")}
          countries={countries.data}
          isLoadingCountries={countries.isLoading}
          onCreated={(created) => {
            setIsCreating(false);
            onChange(created);
          }}
        />
        <div className="form-actions">
          <Button variant="link" onClick={() => setIsCreating(false)}>
            {t("findExisting")}
          </Button>
        </div>
      </div>
    );
  }

  const found = q && matches.data ? matches.data.items : null;
  return (
    <div className="form">
      <Field id="client-search" label={label ?? t("find")} hint={t("hint")} error={error}>
        <input
          id="client-search"
          type="search"
          autoComplete="off"
          value={search}
          aria-invalid={Boolean(error)}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Field>
      <ErrorBanner message={matches.error} />
      {found ? (
        found.length === 0 ? (
          <p className="muted">{t("noMatch", { q })}</p>
        ) : (
          <ul className="client-matches" aria-label={t("matches")}>
            {found.map((candidate) => (
              <li key={candidate.id}>
                <Button
                  variant="secondary"
                  onClick={() => onChange(candidate)}
                  aria-label={t("choose", { name: clientName(candidate), email: candidate.email })}
                >
                  {clientName(candidate)}
                </Button>
                <span className="muted">
                  {t("match", { email: candidate.email, date: f.date(candidate.birth_date) })}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : matches.isLoading ? (
        <p className="muted">{t("searching")}</p>
      ) : null}
      {canCreate ? (
        <div className="form-actions">
          <Button variant="link" onClick={() => setIsCreating(true)}>
            {t("newClient")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
