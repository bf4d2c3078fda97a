"use client";

import { useTranslations } from "next-intl";
import { get, useFieldArray, useFormContext, type FieldError } from "react-hook-form";
import { emptyToUndefined } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { NEW_VERSION, VersionTermsFields } from "./version-terms-fields";
import { TextField } from "@/components/ui/form-fields";

type PlanFieldsProps = {
  /** Where the plan sits in the form's values: "" for the add-a-plan form, "plans.0." in the product form. */
  prefix: string;
  idPrefix: string;
  /** "Plan 1": names the versions' groups, so each is findable when there are several plans. */
  title: string;
  /** Offered in the product form, where a plan can be taken out again. */
  onRemove?: () => void;
};

/** A plan's name and its versions (added and removed in place), for the product and add-a-plan forms. */
export function PlanFields({ prefix, idPrefix, title, onRemove }: PlanFieldsProps) {
  const t = useTranslations("catalog.plan");
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext();
  const versions = useFieldArray({ control, name: `${prefix}versions` });
  const errorOf = (name: string) => (get(errors, `${prefix}${name}`) as FieldError | undefined)?.message;

  return (
    <>
      <div className="form-grid">
        <TextField
          id={`${idPrefix}-name`}
          label={t("name")}
          error={errorOf("name")}
          autoComplete="off"
          registration={register(`${prefix}name`)}
        />
        <TextField
          id={`${idPrefix}-processor`}
          label={t("processor")}
          hint={t("processorHint")}
          error={errorOf("processor_price_id")}
          autoComplete="off"
          registration={register(`${prefix}processor_price_id`, { setValueAs: emptyToUndefined })}
        />
      </div>
      {versions.fields.length === 0 ? <p className="muted">{t("noVersion")}</p> : null}
      {versions.fields.map((version, index) => (
        <fieldset key={version.id} className="nested nested-version">
          <legend>{t("versionLegend", { plan: title, number: index + 1 })}</legend>
          <VersionTermsFields
            prefix={`${prefix}versions.${index}.`}
            idPrefix={`${idPrefix}-v${index}`}
            hasActiveField
          />
          <div className="form-actions">
            <Button variant="danger" onClick={() => versions.remove(index)}>
              {t("removeVersion", { number: index + 1 })}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="form-actions">
        <Button variant="secondary" onClick={() => versions.append({ ...NEW_VERSION })}>
          {t("addVersion", { plan: title.toLowerCase() })}
        </Button>
        {onRemove ? (
          <Button variant="danger" onClick={onRemove}>
            {t("remove", { plan: title.toLowerCase() })}
          </Button>
        ) : null}
      </div>
    </>
  );
}
