import type { BackgroundFunction } from "./define";
import { renderCertificateFunction } from "./functions/emission/render-certificate";
import { deliverNotificationFunction } from "./functions/notifications/deliver-notification";
import { sweepOutboxFunction } from "./functions/notifications/sweep-outbox";

/** Every background function; served at /api/inngest and run by the in-process runner. */
export const backgroundFunctions: BackgroundFunction[] = [deliverNotificationFunction, sweepOutboxFunction, renderCertificateFunction];
