"use client";

import { useTranslations } from "next-intl";
import { Panel } from "@/components/ui/panel";
import { displayPhone } from "@/lib/phone-display";
import type { Portal } from "./use-portal";

type CompanyContact = Portal["company"];
type SellerContact = NonNullable<Portal["policies"][number]["contacts"]["seller"]>;

/** The anchor of the block: the page's shortcuts and the payment instructions link to it. */
export const CONTACTS_ANCHOR = "contacts";

/** Each one once, in order of first appearance. */
function distinct<T>(items: T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * "Whom to call": the advisers who sold the client's policies and the companies behind them (the
 * client's insurer first), each with the ways to reach it that its profile gives: tel: and mailto: links.
 */
export function WhomToCall({ portal }: { portal: Portal }) {
  const t = useTranslations("portal.contacts");
  const sellers = distinct(
    portal.policies.flatMap((policy) => (policy.contacts.seller ? [policy.contacts.seller] : [])),
    (seller) => seller.email,
  );
  const companies = distinct([portal.company, ...portal.policies.map((policy) => policy.contacts.company)], (company) =>
    JSON.stringify(company),
  );
  return (
    <Panel id={CONTACTS_ANCHOR} title={t("title")} description={t("description")}>
      <ul className="contact-list">
        {sellers.map((seller) => (
          <SellerCard key={seller.email} seller={seller} />
        ))}
        {companies.map((company) => (
          <CompanyCard key={JSON.stringify(company)} company={company} />
        ))}
      </ul>
    </Panel>
  );
}

function SellerCard({ seller }: { seller: SellerContact }) {
  const t = useTranslations("portal.contacts");
  const name = seller.name ?? seller.email;
  return (
    <li className="card contact-card" aria-label={name}>
      <h3>{name}</h3>
      <p className="muted">{t("adviser")}</p>
      <p>
        <a href={`mailto:${seller.email}`}>{t("write", { email: seller.email })}</a>
      </p>
    </li>
  );
}

function CompanyCard({ company }: { company: CompanyContact }) {
  const t = useTranslations("portal.contacts");
  const hasContact = company.contact_phone !== null || company.contact_email !== null;
  return (
    <li className="card contact-card" aria-label={company.name}>
      <h3>{company.name}</h3>
      <p className="muted">{t("insurer")}</p>
      {company.contact_phone ? (
        <p>
          {/* Stored in E.164, which is what tel: takes; people read it grouped. */}
          <a href={`tel:${company.contact_phone}`}>{t("call", { phone: displayPhone(company.contact_phone) })}</a>
        </p>
      ) : null}
      {company.contact_email ? (
        <p>
          <a href={`mailto:${company.contact_email}`}>{t("write", { email: company.contact_email })}</a>
        </p>
      ) : null}
      {company.address ? <address>{company.address}</address> : null}
      {hasContact ? null : <p className="muted">{t("askAdviser")}</p>}
    </li>
  );
}
