"use client";

import { useTranslations } from "next-intl";
import { CardSubscriptionForm } from "./card-subscription-form";
import { STRIPE_PUBLISHABLE_KEY } from "./stripe-browser";
import { SubscriptionFields } from "./subscription-fields";
import type { Subscription } from "./types";
import { useProfile } from "./use-profile";

type SubscriptionFormProps = {
  policyId: string;
  onSubscribed: (subscription: Subscription) => void;
  onCancel: () => void;
};

/**
 * Start a monthly subscription: with a publishable key the card is entered with Stripe Elements;
 * without one the page says card entry is off (an ADMIN is also told the settings that turn it on), and
 * a processor payment method id can still be typed (pm_card_visa in test mode), so staff and testers
 * can subscribe.
 */
export function SubscriptionForm(props: SubscriptionFormProps) {
  const t = useTranslations("payments.subscription");
  const { isAdmin } = useProfile();
  if (STRIPE_PUBLISHABLE_KEY) return <CardSubscriptionForm {...props} />;
  return (
    <>
      <div className="banner banner-info" role="note">
        {isAdmin ? t.rich("cardOffAdmin", { code: (chunks) => <code>{chunks}</code> }) : t("cardOff")}
      </div>
      <SubscriptionFields {...props} />
    </>
  );
}
