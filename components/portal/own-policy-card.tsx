import { useTranslations } from "next-intl";
import { OwnPolicyStanding } from "@/components/lifecycle/own-policy-standing";
import { CertificateLinks } from "@/components/policies/certificate-links";
import { StatusBadge } from "@/components/policies/status-badge";
import { type OwnPolicy } from "@/components/policies/types";
import { Badge } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";

/**
 * One of the client's policies: its plan and dates, the people it covers, its standing (until when it is
 * covered, the next premium or what is overdue, the card payment), and the certificate to show.
 * `onChanged`: a payment or cancellation made here changed it.
 */
export function OwnPolicyCard({ policy, onChanged }: { policy: OwnPolicy; onChanged: () => void }) {
  const t = useTranslations("portal.policy");
  const tc = useTranslations("codes");
  // Calendar days (YYYY-MM-DD) as they are, written as the page's language writes dates.
  const f = useFormat();
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
        <dd>{t("validRange", { start: f.date(policy.start_date), end: f.date(policy.end_date) })}</dd>
        {/* What is due, and when, stands beside the payment (OwnPolicyStanding); a policy that owes nothing
            more shows its monthly premium here. */}
        {policy.next_premium ? null : (
          <>
            <dt>{t("premium")}</dt>
            <dd>
              {t("premiumValue", {
                amount: f.number(policy.final_price, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
                currency: policy.currency,
              })}
            </dd>
          </>
        )}
        <dt>{t("covers")}</dt>
        <dd>
          <ul className="unit-list">
            {policy.beneficiaries.map((person) => (
              <li key={person.id}>
                {person.first_name} {person.last_name}{" "}
                <span className="muted">({tc(`kinship.${person.kinship_type}`).toLowerCase()})</span>
                {person.deceased_flag ? <Badge tone="danger">{t("deceased")}</Badge> : null}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <OwnPolicyStanding policy={policy} onChanged={onChanged} />
      <CertificateLinks policy={policy} pdfUrl={policy.pdf_url} passbookUrl={policy.passbook_url} />
    </li>
  );
}
