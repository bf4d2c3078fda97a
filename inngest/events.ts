// Every background event of the service, named <module>/<entity>.<verb>, with its payload.
export type BackgroundEvent =
  | { name: "notifications/notification.created"; data: { notification_id: string } }
  // A policy became ACTIVE: its certificate is rendered and kept.
  | { name: "emission/policy.activated"; data: { policy_id: string } }
  // A processor webhook event was stored (by its row id): it is processed in the background.
  | { name: "payments/processor-event.received"; data: { event_id: string } }
  // A lead reached QUALIFIED or CONVERTED: it is created or updated in the CRM.
  | { name: "leads/lead.crm-sync-requested"; data: { lead_id: string } }
  // Someone asked for a password reset link for this e-mail (it may be nobody's): sent if it is a user's.
  | { name: "identity/password-reset.requested"; data: { email: string; ip_address: string | null } };

export type BackgroundEventName = BackgroundEvent["name"];
