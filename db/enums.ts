// The value lists of the database's enum-like columns. No imports, so that pages can show a status or a
// kind without loading the schema (db/schema/<module>.ts builds its columns from these).

// claims
export const CLAIM_STATUSES = ["PENDING", "IN_REVIEW", "APPROVED", "REJECTED", "CLOSED"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const EXPENSE_TYPES = ["REPATRIATION", "FUNERAL_SERVICE", "TRANSPORT", "DOCUMENTATION", "OTHER"] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number];

// claims-cover.md: the facts of a death, the checklist's statuses, and how a claim is paid out
export const CAUSES_OF_DEATH = ["NATURAL", "ACCIDENT", "SUICIDE", "PREEXISTING_CONDITION", "UNDETERMINED"] as const;
export type CauseOfDeath = (typeof CAUSES_OF_DEATH)[number];

export const REQUIREMENT_STATUSES = ["MISSING", "RECEIVED", "ACCEPTED", "REJECTED"] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

export const PAYEE_TYPES = ["FUNERAL_HOME", "BENEFICIARY", "OTHER"] as const;
export type PayeeType = (typeof PAYEE_TYPES)[number];

export const PAYOUT_METHODS = ["BANK_TRANSFER", "CASH", "CHEQUE", "CARD"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

// emission
export const POLICY_STATUSES = [
  "DRAFT",
  "PENDING_PAYMENT",
  "ACTIVE",
  "IN_ARREARS",
  "PAID_FAILED",
  "CANCELLED",
  "EXPIRED",
  "LAPSED",
  "NOT_TAKEN_UP",
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

// lifecycle.md section 8: why a policy was cancelled
export const CANCELLATION_REASON_CODES = [
  "CLIENT_REQUEST",
  "NON_PAYMENT",
  "NOT_TAKEN_UP",
  "DECEASED",
  "DUPLICATE",
  "FRAUD",
  "OTHER",
] as const;
export type CancellationReasonCode = (typeof CANCELLATION_REASON_CODES)[number];

// lifecycle.md section 3: the lines of a policy's account
export const ACCOUNT_ENTRY_KINDS = ["PAYMENT", "PREMIUM_PAID", "REFUND", "ADJUSTMENT"] as const;
export type AccountEntryKind = (typeof ACCOUNT_ENTRY_KINDS)[number];

export const KINSHIP_TYPES = ["SELF", "SPOUSE", "CHILD", "PARENT", "OTHER"] as const;
export type KinshipType = (typeof KINSHIP_TYPES)[number];

// languages (localisation.md section 1): adding one is listing it here and adding its catalog
export const LANGUAGES = ["es", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

// identity
export const ACCOUNT_TOKEN_KINDS = ["VERIFY_EMAIL", "INVITATION", "PASSWORD_RESET"] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

// knowledge
export const KNOWLEDGE_AUDIENCES = ["STAFF", "CLIENTS"] as const;
export type KnowledgeAudience = (typeof KNOWLEDGE_AUDIENCES)[number];

// leads
export const LEAD_STAGES = ["NEW", "CONTACTED", "QUALIFIED", "DISQUALIFIED", "CONVERTED"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

// notifications
export const NOTIFICATION_CHANNELS = ["EMAIL", "MESSAGING"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_STATUSES = ["PENDING", "SENT", "FAILED", "SKIPPED"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

// payments
export const TRANSACTION_STATUSES = ["PENDING", "PAID", "FAILED"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_KINDS = ["INTENT", "MANUAL", "INVOICE", "REFUND"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const PROCESSOR_EVENT_STATUSES = ["RECEIVED", "PROCESSED", "FAILED", "IGNORED"] as const;
