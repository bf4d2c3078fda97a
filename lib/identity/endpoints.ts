import { z } from "zod";
import { defineOperation, listResponse } from "@/lib/http/operation";
import { IdParams, paginated } from "@/lib/schemas";
import {
  ApiKeyResponse,
  AssignRoleInput,
  ChangePasswordInput,
  ConfirmPasswordResetInput,
  ConfirmPasswordResetResponse,
  CreateApiKeyInput,
  CreatedApiKeyResponse,
  CreateUserInput,
  EmptyResponse,
  ListUsersQuery,
  LoginInput,
  PasswordResetInput,
  RefreshInput,
  RegisterInput,
  RegisterResponse,
  RoleResponse,
  TokenResponse,
  UpdateProfileInput,
  UpdateUserInput,
  UserResponse,
  VerifyEmailInput,
  VerifyEmailResponse,
} from "./schemas";

const tag = "Identity and access";

export const identityEndpoints = {
  register: defineOperation({
    method: "POST",
    path: "/auth/register",
    tag,
    summary: "Register a user (CLIENTE of the default company, not verified)",
    description:
      "Limited to 30 requests per minute per client address. A notification `auth.verify_email` goes to the e-mail, its `payload.url` being `{PUBLIC_BASE_URL}/verify-email?token=<token>` (valid 48 hours). Until the address is verified, the portal and a client's policy, certificate, pass and claim routes answer 403 `email_not_verified`. The password must not be one of the 10,000 most common passwords nor contain the e-mail's name (the part before @, when it has 4 characters or more).",
    access: "public",
    body: RegisterInput,
    responses: {
      201: { description: "The user", schema: RegisterResponse },
      409: { description: "The e-mail is taken (in any letter case)" },
      422: { description: "Invalid input; `weak_password`: a common password, or one containing the e-mail's name" },
      429: { description: "Too many registrations from this address" },
    },
  }),
  verifyEmail: defineOperation({
    method: "POST",
    path: "/auth/verify-email",
    tag,
    summary: "Verify an e-mail address with the token of its link",
    description:
      "The token of the `auth.verify_email` link. It works once, for 48 hours; a newer link voids the older ones.",
    access: "public",
    body: VerifyEmailInput,
    responses: {
      200: { description: "The user, now verified", schema: VerifyEmailResponse },
      400: { description: "`invalid_token`: unknown, used, expired or replaced token" },
    },
  }),
  resendVerification: defineOperation({
    method: "POST",
    path: "/auth/verify-email/resend",
    tag,
    summary: "Send the signed-in user a new verification link",
    description: "The older links stop working. At most 10 an hour per user.",
    access: "user",
    responses: {
      202: { description: "A new link is on its way", schema: EmptyResponse },
      409: { description: "`already_verified`: the e-mail address is already verified" },
      429: { description: "Too many links asked for within the hour" },
    },
  }),
  requestPasswordReset: defineOperation({
    method: "POST",
    path: "/auth/password-reset",
    tag,
    summary: "Ask for a password reset link",
    description:
      "Always 202 `{}`, in about the same time, whether or not the e-mail is a user's. For an active user a notification `auth.password_reset` follows, its `payload.url` being `{PUBLIC_BASE_URL}/set-password?token=<token>`, valid 30 minutes; a newer link voids the older ones. At most 5 requests per e-mail (a user's or not) and 30 per client address in a clock hour, then 429.",
    access: "public",
    body: PasswordResetInput,
    responses: {
      202: { description: "Asked for (the same answer for every e-mail)", schema: EmptyResponse },
      429: { description: "Too many requests for this e-mail or from this address within the hour" },
    },
  }),
  confirmPasswordReset: defineOperation({
    method: "POST",
    path: "/auth/password-reset/confirm",
    tag,
    summary: "Set a password with a reset or invitation token",
    description:
      "Sets the password, marks the user verified, ends every session and refresh token of the user, and uses the token up (with the user's other reset and invitation links). A password refused (422, 400) leaves the token usable.",
    access: "public",
    body: ConfirmPasswordResetInput,
    responses: {
      200: { description: "The user whose password was set", schema: ConfirmPasswordResetResponse },
      400: {
        description:
          "`invalid_token`: unknown, used, expired or replaced token; `password_reused`: one of the user's last 5 passwords",
      },
      422: { description: "Invalid input; `weak_password`: a common password, or one containing the e-mail's name" },
    },
  }),
  login: defineOperation({
    method: "POST",
    path: "/auth/login",
    tag,
    summary: "Sign in with e-mail and password",
    description:
      "JSON `{email, password}` or the OAuth2 password form (`application/x-www-form-urlencoded` with `username` and `password`). Failed attempts are counted over 15 minutes: after 5 for one e-mail from one client address, or 50 from one address whatever the e-mails, that pair or address answers 429 (with Retry-After) until the oldest leaves the window. Above 20 failures of one e-mail from every address, each attempt of that e-mail waits min(5 s, 250 ms x (failures - 20)) but is never refused.",
    access: "public",
    body: LoginInput,
    acceptsForm: true,
    responses: {
      200: {
        description: "An access token (15 minutes) and a refresh token (30 days, single use)",
        schema: TokenResponse,
      },
      401: { description: "Wrong e-mail or password (one answer for both)" },
      429: { description: "Too many failed attempts for this e-mail from this address, or from this address" },
    },
  }),
  refresh: defineOperation({
    method: "POST",
    path: "/auth/refresh",
    tag,
    summary: "Exchange a refresh token for a new token pair",
    description:
      "The presented refresh token becomes invalid. Presenting an already used one revokes its whole session (reuse detection).",
    access: "public",
    body: RefreshInput,
    responses: {
      200: { description: "A new token pair", schema: TokenResponse },
      401: { description: "Unknown, expired or already used refresh token" },
    },
  }),
  logout: defineOperation({
    method: "POST",
    path: "/auth/logout",
    tag,
    summary: "End the current session",
    access: "user",
    responses: { 204: { description: "The session's tokens no longer work" } },
  }),
  logoutAll: defineOperation({
    method: "POST",
    path: "/auth/logout-all",
    tag,
    summary: "Global logout: end every session of the user",
    access: "user",
    responses: {
      204: { description: "Every access and refresh token of the user, and its browser sessions, now answer 401" },
    },
  }),
  changePassword: defineOperation({
    method: "POST",
    path: "/auth/password",
    tag,
    summary: "Change one's password",
    description:
      "8 to 128 characters, not one of the last 5 used, not one of the 10,000 most common passwords, not containing the e-mail's name. The user's other sessions are revoked, and so are its outstanding reset and invitation links.",
    access: "user",
    body: ChangePasswordInput,
    responses: {
      204: { description: "Changed" },
      400: { description: "`password_reused`: the new password is one of the last 5 used" },
      401: { description: "The current password is wrong" },
      422: { description: "Invalid input; `weak_password`: a common password, or one containing the e-mail's name" },
    },
  }),
  me: defineOperation({
    method: "GET",
    path: "/auth/me",
    tag,
    summary: "The caller's profile with roles and permissions",
    access: "user",
    responses: { 200: { description: "The profile", schema: UserResponse } },
  }),
  updateMe: defineOperation({
    method: "PATCH",
    path: "/auth/me",
    tag,
    summary: "Save the caller's own settings: the language of the pages",
    description:
      "`locale` is one of the listed languages (`es`, `en`), or null to forget the saved one. The back office and portal then show that language before the NEXT_LOCALE cookie and the browser's Accept-Language (localisation.md section 1). The API's own texts stay in English.",
    access: "user",
    body: UpdateProfileInput,
    responses: {
      200: { description: "The profile", schema: UserResponse },
      422: { description: "A locale that is not listed, or another field" },
    },
  }),
  listRoles: defineOperation({
    method: "GET",
    path: "/auth/roles",
    tag,
    summary: "List roles with their permissions",
    access: "users:manage",
    responses: { 200: { description: "Roles, highest level first", schema: z.array(RoleResponse) } },
  }),
  assignRole: defineOperation({
    method: "POST",
    path: "/auth/roles/assign",
    tag,
    summary: "Assign a role to a user",
    description:
      "Assigning a role the user already has changes nothing and answers 200. A caller cannot give a role carrying permissions it does not hold itself (403); only a signed-in ADMIN gives ADMIN (an API key never can: 403).",
    access: "users:manage",
    body: AssignRoleInput,
    responses: {
      200: { description: "The user", schema: UserResponse },
      403: {
        description:
          "The role carries permissions the caller lacks, or it is ADMIN and the caller is not a signed-in ADMIN",
      },
      404: { description: "Unknown user or role" },
    },
  }),
  removeRole: defineOperation({
    method: "DELETE",
    path: "/auth/roles/assign",
    tag,
    summary: "Take a role from a user",
    description:
      "The user's permissions from that role stop with its next request. Taking a role the user does not have changes nothing and answers 200. The same callers as for assigning (ADMIN only by a signed-in ADMIN). The last active ADMIN keeps ADMIN: 409 `last_admin`.",
    access: "users:manage",
    body: AssignRoleInput,
    responses: {
      200: { description: "The user", schema: UserResponse },
      403: {
        description:
          "The role carries permissions the caller lacks, or it is ADMIN and the caller is not a signed-in ADMIN",
      },
      404: { description: "Unknown user or role" },
      409: { description: "`last_admin`: the user is the last active ADMIN" },
    },
  }),
  listUsers: defineOperation({
    method: "GET",
    path: "/auth/users",
    tag,
    summary: "List users (paginated; name or e-mail search, e-mail substring and company filters)",
    access: "users:manage",
    query: ListUsersQuery,
    responses: { 200: listResponse("A page of users, newest first", paginated(UserResponse)) },
  }),
  createUser: defineOperation({
    method: "POST",
    path: "/auth/users",
    tag,
    summary: "Create a user with roles",
    description:
      "The user is verified (the administrator vouches for the address). Without `password` the user is invited: a notification `auth.invitation` with `payload.url` = `{PUBLIC_BASE_URL}/set-password?token=<token>`, valid 7 days, and no sign-in until a password is set. A caller cannot give roles carrying permissions it does not hold itself (403); only a signed-in ADMIN creates an ADMIN (403 otherwise, API keys included).",
    access: "users:manage",
    body: CreateUserInput,
    responses: {
      201: { description: "The user", schema: UserResponse },
      403: { description: "A role the caller may not give" },
      404: { description: "Unknown company or business unit" },
      409: { description: "The e-mail is taken" },
      422: { description: "Invalid input; `weak_password`: a common password, or one containing the e-mail's name" },
    },
  }),
  sendInvitation: defineOperation({
    method: "POST",
    path: "/auth/users/{id}/invitation",
    tag,
    summary: "Send a user a new invitation link",
    description:
      "A notification `auth.invitation` (`payload.url` = `{PUBLIC_BASE_URL}/set-password?token=<token>`, valid 7 days); the user's older invitation links stop working. Only a signed-in ADMIN invites an ADMIN.",
    access: "users:manage",
    params: IdParams,
    responses: {
      202: { description: "The invitation is on its way", schema: EmptyResponse },
      403: { description: "The user is an ADMIN and the caller is not a signed-in ADMIN" },
      404: { description: "Unknown user (or one of another company)" },
    },
  }),
  updateUser: defineOperation({
    method: "PATCH",
    path: "/auth/users/{id}",
    tag,
    summary: "Edit a user (name, company, unit, active)",
    description:
      "Deactivating a user revokes every session it has. The last active ADMIN cannot be deactivated (409 `last_admin`).",
    access: "users:manage",
    params: IdParams,
    body: UpdateUserInput,
    responses: {
      200: { description: "The user", schema: UserResponse },
      404: { description: "Unknown user, company or unit" },
      409: { description: "`last_admin`: deactivating the last active ADMIN" },
    },
  }),
  createApiKey: defineOperation({
    method: "POST",
    path: "/auth/api-keys",
    tag,
    summary: "Create an API key for an integration",
    description:
      "Integrations send it as `X-API-Key` and get exactly the listed permissions, inside the key's company only (an ADMIN may name `company_id`; anyone else's keys are their own company's). The key is shown once. A key never holds `users:manage`, `organizations:manage`, `geography:manage` or `lifecycle:run` (422; a key stored with one before this rule does not get it either). A caller cannot give a key permissions it does not hold itself (403). The key answers 401 after `expires_at`, once revoked, and once the user who created it is deactivated.",
    access: "users:manage",
    body: CreateApiKeyInput,
    responses: {
      201: { description: "The key, shown this once", schema: CreatedApiKeyResponse },
      404: { description: "Unknown company" },
      422: { description: "A permission a key cannot hold, an unknown permission, or `expires_at` not in the future" },
    },
  }),
  listApiKeys: defineOperation({
    method: "GET",
    path: "/auth/api-keys",
    tag,
    summary: "List API keys (without the keys themselves)",
    description:
      "Every company's keys for ADMIN, the caller's company's otherwise; each with `created_by`, `expires_at`, `last_used_at` (written on first use, then at most once a minute) and `revoked_at`.",
    access: "users:manage",
    responses: { 200: { description: "Keys, newest first", schema: z.array(ApiKeyResponse) } },
  }),
  revokeApiKey: defineOperation({
    method: "DELETE",
    path: "/auth/api-keys/{id}",
    tag,
    summary: "Revoke an API key",
    description:
      "Requests with the key answer 401 from then on. A key of another company than the caller's (outside ADMIN) is not found.",
    access: "users:manage",
    params: IdParams,
    responses: {
      200: { description: "The revoked key", schema: ApiKeyResponse },
      404: { description: "Unknown or already revoked key" },
    },
  }),
};
