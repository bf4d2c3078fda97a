import { useFormatter, useTranslations } from "next-intl";
import { CertificateLinks } from "@/components/policies/certificate-links";
import { StatusBadge } from "@/components/policies/status-badge";
import { type OwnPolicy } from "@/components/policies/types";
import { KINSHIP_LABELS } from "@/lib/emission/labels";
import { Badge } from "@/components/ui/panel";

/** One of the client's policies: its standing, the people it covers, and the certificate to show. */
export function OwnPolicyCard({ policy }: { policy: OwnPolicy }) {
  const t = useTranslations("portal.policy");
  const format = useFormatter();
  // Calendar days (YYYY-MM-DD, UTC), shown as the page's language writes dates.
  const day = (value: string) =>
    format.dateTime(new Date(`${value}T00:00:00Z`), {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "UTC",
    });
  return (
    <li className="card" aria-label={policy.policy_number}>
      <div className="card-head">
        <h3>{policy.policy_number}</h3>
        <StatusBadge status={policy.status} />
      </div>
      <dl className="facts">
        <dt>{t("plan")}</dt>
        <dd>{policy.plan_name}</dd>
        <dt>{t("valid")}</dt>
        <dd>{t("validRange", { start: day(policy.start_date), end: day(policy.end_date) })}</dd>
        <dt>{t("premium")}</dt>
        <dd>{t("premiumValue", { amount: policy.final_price, currency: policy.currency })}</dd>
        <dt>{t("covers")}</dt>
        <dd>
          <ul className="unit-list">
            {policy.beneficiaries.map((person) => (
              <li key={person.id}>
                {person.first_name} {person.last_name}{" "}
                <span className="muted">({KINSHIP_LABELS[person.kinship_type].toLowerCase()})</span>
                {person.deceased_flag ? <Badge tone="danger">{t("deceased")}</Badge> : null}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <CertificateLinks policy={policy} pdfUrl={policy.pdf_url} passbookUrl={policy.passbook_url} />
    </li>
  );
}
