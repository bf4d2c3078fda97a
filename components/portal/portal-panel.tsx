"use client";

import "@/components/policies/policies.css";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { OwnClaims } from "./own-claims";
import { OwnPolicyCard } from "./own-policy-card";
import { usePortal } from "./use-portal";

/** The client's own cover: its policies with their certificates, and its claims. */
export function PortalPanel({ email }: { email: string }) {
  const { portal, hasNoClient, error, isLoading } = usePortal();

  if (hasNoClient) {
    return (
      <Panel title="No policy found yet">
        <p>
          We could not find a client record with your e-mail, <strong>{email}</strong>. Your policies appear here once your
          adviser registers you with this address.
        </p>
        <p className="muted">If you were registered with another e-mail, sign in with that one or ask your adviser to correct it.</p>
      </Panel>
    );
  }
  if (!portal) {
    return (
      <>
        <ErrorBanner message={error} />
        {isLoading ? <p className="muted">Loading your cover…</p> : null}
      </>
    );
  }
  return (
    <>
      <Panel title="My policies" description="Download the certificate or add the policy to your phone's wallet while it is active.">
        {portal.policies.length === 0 ? (
          <p className="muted">You have no policy yet.</p>
        ) : (
          <ul className="own-policies">
            {portal.policies.map((policy) => (
              <OwnPolicyCard key={policy.id} policy={policy} />
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="My claims" description="Claims opened on your policies and where they stand.">
        <OwnClaims policies={portal.policies} />
      </Panel>
    </>
  );
}
