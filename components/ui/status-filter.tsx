import { useTranslations } from "next-intl";
import { Field } from "./field";

type StatusFilterProps<S extends string> = {
  id: string;
  /** The chosen status, or "" for any. */
  value: S | "";
  statuses: ReadonlyArray<S>;
  /** How a status reads in the list. */
  labelOf: (status: S) => string;
  onChange: (status: S | "") => void;
};

/** The "Status" select of a list's filters: "Any status", then each status of the list's lifecycle. */
export function StatusFilter<S extends string>({ id, value, statuses, labelOf, onChange }: StatusFilterProps<S>) {
  const t = useTranslations("nav.ui");
  return (
    <Field id={id} label={t("status")}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as S | "")}>
        <option value="">{t("anyStatus")}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labelOf(status)}
          </option>
        ))}
      </select>
    </Field>
  );
}
