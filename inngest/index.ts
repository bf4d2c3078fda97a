import type { BackgroundFunction } from "./define";
import { expiryNoticesFunction } from "./functions/emission/expiry-notices";
import { renderCertificateFunction } from "./functions/emission/render-certificate";
import { sendPasswordResetFunction } from "./functions/identity/send-password-reset";
import { runLifecycleFunction } from "./functions/lifecycle/run-lifecycle";
import { markAbandonedCheckoutsFunction } from "./functions/leads/mark-abandoned-checkouts";
import { sweepCrmSyncFunction } from "./functions/leads/sweep-crm-sync";
import { syncLeadToCrmFunction } from "./functions/leads/sync-lead-to-crm";
import { deliverNotificationFunction } from "./functions/notifications/deliver-notification";
import { sweepOutboxFunction } from "./functions/notifications/sweep-outbox";
import { sweepLimitsFunction } from "./functions/operations/sweep-limits";
import { arrearsRemindersFunction } from "./functions/payments/arrears-reminders";
import { foldPortfolioTotalsFunction } from "./functions/reports/fold-portfolio-totals";
import { processProcessorEventFunction } from "./functions/payments/process-processor-event";
import { sweepProcessorEventsFunction } from "./functions/payments/sweep-processor-events";

/** Every background function; served at /api/inngest and run by the in-process runner. */
export const backgroundFunctions: BackgroundFunction[] = [
  deliverNotificationFunction,
  sweepOutboxFunction,
  renderCertificateFunction,
  expiryNoticesFunction,
  processProcessorEventFunction,
  sweepProcessorEventsFunction,
  arrearsRemindersFunction,
  syncLeadToCrmFunction,
  sweepCrmSyncFunction,
  markAbandonedCheckoutsFunction,
  sweepLimitsFunction,
  sendPasswordResetFunction,
  runLifecycleFunction,
  foldPortfolioTotalsFunction,
];
