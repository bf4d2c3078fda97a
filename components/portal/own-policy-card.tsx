import { CertificateLinks } from "@/components/policies/certificate-links";
import { StatusBadge } from "@/components/policies/status-badge";
import { type OwnPolicy } from "@/components/policies/types";
import { KINSHIP_LABELS } from "@/lib/emission/statuses";
import { Badge } from "@/components/ui/panel";

/** One of the client's policies: its standing, the people it covers, and the certificate to show. */
export function OwnPolicyCard({ policy }: { policy: OwnPolicy }) {
  return (
    <li className="card" aria-label={policy.policy_number}>
      <div className="card-head">
        <h3>{policy.policy_number}</h3>
        <StatusBadge status={policy.status} />
      </div>
      <dl className="facts">
        <dt>Plan</dt>
        <dd>{policy.plan_name}</dd>
        <dt>Valid</dt>
        <dd>
          {policy.start_date} to {policy.end_date}
        </dd>
        <dt>Premium</dt>
        <dd>
          {policy.final_price} {policy.currency} a month
        </dd>
        <dt>Covers</dt>
        <dd>
          <ul className="unit-list">
            {policy.beneficiaries.map((person) => (
              <li key={person.id}>
                {person.first_name} {person.last_name} <span className="muted">({KINSHIP_LABELS[person.kinship_type].toLowerCase()})</span>
                {person.deceased_flag ? <Badge tone="danger">deceased</Badge> : null}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <CertificateLinks policy={policy} pdfUrl={policy.pdf_url} passbookUrl={policy.passbook_url} />
    </li>
  );
}
