import { PolicyResponse } from "@/lib/emission/schemas";
import { defineOperation } from "@/lib/http/operation";
import { IMPORT_COLUMNS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./import/book-rows";
import {
  ImportBookForm,
  ImportBookResponse,
  ImportPolicyInput,
  ImportTemplateQuery,
  LifecycleRunResponse,
  RunLifecycleInput,
} from "./schemas";

// The policy lifecycle after issue (lifecycle.md): the daily run, renewal, endorsements, cancellation and
// the import of a book. Its URLs are the policy's (/emission/policies/{id}/...) and /lifecycle/run.
const tag = "Lifecycle";

export const lifecycleEndpoints = {
  runLifecycle: defineOperation({
    method: "POST",
    path: "/lifecycle/run",
    tag,
    summary: "Apply every lifecycle move due on or before a day",
    description:
      "Not taken up, arrears, lapse, cancellation at the end of the paid period, renewal or expiry at term end, then the notices, in that order, each through the policy state machine. Running the same day again changes nothing; a run already in progress answers 409.",
    access: "lifecycle:run",
    body: RunLifecycleInput,
    responses: {
      200: { description: "What moved", schema: LifecycleRunResponse },
      409: { description: "A lifecycle run is in progress" },
    },
  }),
  importPolicy: defineOperation({
    method: "POST",
    path: "/emission/policies/import",
    tag,
    summary: "Import one policy of an existing book",
    description:
      'A policy brought from another system, in the status the lifecycle would give it today: no paid_to_date PENDING_PAYMENT (NOT_TAKEN_UP once start_date + not_taken_up_days has passed), paid to today or later ACTIVE, within the grace period IN_ARREARS, beyond it LAPSED (lapsed_on = paid_to_date + grace_period_days + 1). The current term is the anniversary term that holds today. Entry ages are not checked. Without premium each life is priced at its age at the current term start; with it, the premium is split evenly over the lives. The history holds the import (reason "imported", effective start_date) and the moves the lifecycle would have written (into IN_ARREARS effective paid_to_date + 1, into LAPSED effective lapsed_on); an imported paid-to date is recorded by an ADJUSTMENT of 0.00 in the account. Nothing is sent to the client.',
    access: "policies:import",
    // A script importing a book retries; without a policy_number each retry would be another policy.
    idempotent: true,
    body: ImportPolicyInput,
    responses: {
      201: { description: "PolicyResponse", schema: PolicyResponse },
      400: { description: "The plan version is not active" },
      404: { description: "Unknown client or plan version, or one outside the caller's scope" },
      409: { description: "Another policy has this policy_number" },
      422: {
        description:
          "start_date after today or more than 10 years ago, paid_to_date before start_date, a premium the currency cannot hold, a date of birth after today or after the life's cover start, a cover_start_date before start_date or after today, a second SELF or SPOUSE, or (without premium) a life in a country the version is not sold in",
      },
    },
  }),
  importBook: defineOperation({
    method: "POST",
    path: "/emission/policies/import/bulk",
    tag,
    summary: "Import a book of policies from a spreadsheet",
    description: `A .xlsx or .csv file of at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB and ${MAX_IMPORT_ROWS.toLocaleString("en")} rows with the columns ${IMPORT_COLUMNS.join(", ")}: one row per life, the policy's columns repeated on each row of its lives and the same on each, grouped by policy_number (a row without one is a policy of its own, given a new number). Each policy is checked as POST /emission/policies/import checks it; the file is imported whole: every bad row is listed in \`errors\` as {row, column, message, code} (a policy's problems on its first row; an unknown client or version, or a number another policy has, is a bad row) and nothing is stored. Read on a worker thread within a time limit (503 \`job_timed_out\` past it), with the bounds checked before parsing as the bulk upload does.`,
    access: "policies:import",
    multipart: { description: "The file", schema: ImportBookForm, maxBytes: MAX_IMPORT_BYTES },
    responses: {
      201: { description: "How many policies were imported", schema: ImportBookResponse },
      413: {
        description: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB or has more than ${MAX_IMPORT_ROWS.toLocaleString("en")} rows under the header (blank rows count)`,
      },
      422: { description: "Not a spreadsheet, a cell outside the template's columns, or bad rows (listed in errors)" },
      503: { description: "The file was not read within the time limit, or the server is busy; try again later" },
    },
  }),
  importTemplate: defineOperation({
    method: "GET",
    path: "/emission/policies/import/template",
    tag,
    summary: "The import template (.xlsx, or .csv with format=csv) with the header row",
    access: "policies:import",
    query: ImportTemplateQuery,
    responses: {
      200: {
        description: "The template",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
    },
  }),
};
