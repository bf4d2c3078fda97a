"use client";

import type { UseFormRegisterReturn } from "react-hook-form";

/** A company chosen by name and sent as its id; the empty first option says what no choice means. */
export function CompanySelect({
  id,
  companies,
  emptyLabel,
  registration,
  isInvalid,
}: {
  id: string;
  companies: ReadonlyArray<{ id: string; name: string }>;
  emptyLabel: string;
  registration: UseFormRegisterReturn;
  isInvalid?: boolean;
}) {
  return (
    <select id={id} aria-invalid={isInvalid || undefined} {...registration}>
      <option value="">{emptyLabel}</option>
      {companies.map((company) => (
        <option key={company.id} value={company.id}>
          {company.name}
        </option>
      ))}
    </select>
  );
}
