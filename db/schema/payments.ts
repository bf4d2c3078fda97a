import { boolean, char, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, money, updatedAt } from "./columns";
import { policies } from "./emission";
import { TRANSACTION_STATUSES, TRANSACTION_KINDS, PROCESSOR_EVENT_STATUSES } from "../enums";

export const transactions = pgTable(
  "transactions",
  {
    id: id(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id),
    kind: text("kind", { enum: TRANSACTION_KINDS }).notNull(),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull(),
    amount: money("amount").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    attemptCount: integer("attempt_count").notNull().default(0),
    processorPaymentIntentId: text("processor_payment_intent_id").unique(),
    // One transaction per processor invoice, however often its events arrive.
    processorInvoiceId: text("processor_invoice_id").unique(),
    reference: text("reference"),
    // A REFUND's payment, and the processor's refund when the money went back by card (lifecycle.md section 8).
    refundOf: uuid("refund_of"),
    processorRefundId: text("processor_refund_id").unique(),
    failureMessage: text("failure_message"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    index("transactions_policy_idx").on(t.policyId),
    index("transactions_status_idx").on(t.status, t.createdAt),
    index("transactions_created_idx").on(t.createdAt),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id),
    processorSubscriptionId: text("processor_subscription_id").notNull().unique(),
    // The processor's status, upper-cased (ACTIVE, PAST_DUE, CANCELED, ...).
    status: text("status").notNull(),
    billingAnchorDay: integer("billing_anchor_day").notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    // The service asked the processor to end it: only then does its end cancel the policy (lifecycle.md
    // section 3); a subscription the processor ends by itself leaves the policy to the lifecycle.
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("subscriptions_policy_idx").on(t.policyId), index("subscriptions_status_idx").on(t.status)],
);

// Every webhook event, stored by the processor's id: a replay of the same id is never processed twice.
export const processorEvents = pgTable(
  "processor_events",
  {
    id: id(),
    processorEventId: text("processor_event_id").notNull().unique(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: PROCESSOR_EVENT_STATUSES }).notNull().default("RECEIVED"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    // When the processor created the event: a late event must not move a policy backwards.
    processorCreatedAt: timestamp("processor_created_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    // When processing was last tried: the sweep's back-off counts from it (from received_at before that).
    lastAttemptedAt: timestamp("last_attempted_at", { withTimezone: true }),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [index("processor_events_status_idx").on(t.status, t.receivedAt)],
);

export type Transaction = typeof transactions.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
