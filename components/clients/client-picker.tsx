"use client";

import { useState } from "react";
import type { Country } from "@/components/catalog/types";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
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
export function ClientPicker({
  client,
  onChange,
  error,
  label = "Find the client",
  clearLabel = "Change client",
  canCreate = true,
}: ClientPickerProps) {
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
            Born {client.birth_date} · lives in {client.country_of_residence}
          </div>
        </div>
        <Button variant="secondary" onClick={() => onChange(null)}>
          {clearLabel}
        </Button>
      </div>
    );
  }

  if (isCreating) {
    return (
      <div className="form">
        <CreateClientFormPanel
          label="New client"
          countries={countries.data}
          isLoadingCountries={countries.isLoading}
          onCreated={(created) => {
            setIsCreating(false);
            onChange(created);
          }}
        />
        <div className="form-actions">
          <Button variant="link" onClick={() => setIsCreating(false)}>
            Find an existing client instead
          </Button>
        </div>
      </div>
    );
  }

  const found = q && matches.data ? matches.data.items : null;
  return (
    <div className="form">
      <Field id="client-search" label={label} hint="The start of a first name, last name or e-mail" error={error}>
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
          <p className="muted">No client matches “{q}”.</p>
        ) : (
          <ul className="client-matches" aria-label="Matching clients">
            {found.map((candidate) => (
              <li key={candidate.id}>
                <Button
                  variant="secondary"
                  onClick={() => onChange(candidate)}
                  aria-label={`Choose ${clientName(candidate)} (${candidate.email})`}
                >
                  {clientName(candidate)}
                </Button>
                <span className="muted">
                  {candidate.email} · born {candidate.birth_date}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : matches.isLoading ? (
        <p className="muted">Searching…</p>
      ) : null}
      {canCreate ? (
        <div className="form-actions">
          <Button variant="link" onClick={() => setIsCreating(true)}>
            New client
          </Button>
        </div>
      ) : null}
    </div>
  );
}
