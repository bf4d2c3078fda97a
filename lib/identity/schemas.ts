import { z } from "zod";
import { LANGUAGES } from "@/db/enums";
import { ALL_PERMISSIONS } from "@/lib/auth/permissions";
import { DateTimeInput, Email, PaginationQuery, SearchText, Uuid } from "@/lib/schemas";

export const Password = z
  .string()
  .min(8, { message: "the password must have at least 8 characters" })
  .max(128, { message: "the password must have at most 128 characters" });

export const RegisterInput = z.object({
  email: Email,
  password: Password,
  full_name: z.string().trim().min(1).max(200).optional(),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

// Login takes JSON {email, password} or the OAuth2 password form (username + password).
export const LoginInput = z.preprocess(
  (value) => {
    if (value && typeof value === "object" && !("email" in value) && "username" in value) {
      return { ...value, email: (value as { username: unknown }).username };
    }
    return value;
  },
  z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(1024) }),
);
export type LoginInput = z.infer<typeof LoginInput>;

// The refresh token is a credential: any string that is not a live token (an access token sent by
// mistake included) is a 401 from the service, not a 422 from the schema. The bound only caps the work.
export const RefreshInput = z.object({ refresh_token: z.string().min(1).max(4096) });

export const ChangePasswordInput = z.object({ current_password: z.string().min(1).max(1024), new_password: Password });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const TokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal("bearer"),
  // ACCESS_TOKEN_TTL_SECONDS (lib/auth/tokens.ts, not imported: pages load this file, and tokens.ts is the
  // server's).
  expires_in: z.number().int().min(900).max(900).describe("Seconds"),
});
export type TokenResponse = z.infer<typeof TokenResponse>;
TokenResponse.register(z.globalRegistry, { id: "Token" });

/** A role's rank: ADMIN is 100, the highest. */
const RoleLevel = z.number().int().min(0).max(100);
export const RoleSummary = z.object({ id: Uuid, name: z.string(), level: RoleLevel });

export const UserResponse = z.object({
  id: Uuid,
  email: z.string(),
  full_name: z.string().nullable(),
  is_verified: z.boolean(),
  is_active: z.boolean(),
  company_id: Uuid,
  business_unit_id: Uuid.nullable(),
  roles: z.array(RoleSummary),
  permissions: z.array(z.string()),
  locale: z
    .enum(LANGUAGES)
    .nullable()
    .describe("The language the user saved for the pages (PATCH /auth/me); null until one is saved"),
  created_at: z.string(),
});
export type UserResponse = z.infer<typeof UserResponse>;
UserResponse.register(z.globalRegistry, { id: "User" });

export const RegisterResponse = z.object({
  id: Uuid,
  email: z.string(),
  full_name: z.string().nullable(),
  is_verified: z.boolean(),
  roles: z.array(z.string()),
  company_id: Uuid,
});

export const RoleResponse = z.object({
  id: Uuid,
  name: z.string(),
  level: RoleLevel,
  description: z.string().nullable(),
  permissions: z.array(z.string()),
});

export const AssignRoleInput = z.object({ user_id: Uuid, role_id: Uuid });
export type AssignRoleInput = z.infer<typeof AssignRoleInput>;

// A link's token is a credential: any string that is not a live token is a 400 `invalid_token` from the
// service, not a 422 from the schema. The bound only caps the work.
const LinkToken = z.string().min(1).max(512);

export const VerifyEmailInput = z.object({ token: LinkToken });
export type VerifyEmailInput = z.infer<typeof VerifyEmailInput>;
export const VerifyEmailResponse = z.object({ id: Uuid, email: z.string(), is_verified: z.literal(true) });

export const PasswordResetInput = z.object({ email: Email });
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

export const ConfirmPasswordResetInput = z.object({ token: LinkToken, password: Password });
export type ConfirmPasswordResetInput = z.infer<typeof ConfirmPasswordResetInput>;
export const ConfirmPasswordResetResponse = z.object({ id: Uuid, email: z.string() });

export const EmptyResponse = z.object({}).strict();
EmptyResponse.register(z.globalRegistry, { id: "Empty" });

export const ListUsersQuery = PaginationQuery.extend({
  q: SearchText.optional().describe(
    'Text found anywhere in the full name or the e-mail, in any letter case, with or without accents ("ramirez" finds "Ana Ramírez")',
  ),
  email: z.string().trim().max(254).optional().describe("Text found anywhere in the e-mail, in any letter case"),
  company_id: Uuid.optional(),
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

const RoleName = z.string().trim().min(1).max(50);

export const CreateUserInput = z.object({
  email: Email,
  // Without a password the user is invited to choose one (trust.md section 2).
  password: Password.optional(),
  full_name: z.string().trim().min(1).max(200).optional(),
  roles: z.array(RoleName).min(1).max(10).optional(),
  company_id: Uuid.optional(),
  business_unit_id: Uuid.optional(),
});
export type CreateUserInput = z.infer<typeof CreateUserInput>;

export const UpdateUserInput = z.object({
  full_name: z.string().trim().min(1).max(200).nullable().optional(),
  company_id: Uuid.optional(),
  business_unit_id: Uuid.nullable().optional(),
  is_active: z.boolean().optional(),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

/** PATCH /auth/me: the caller's own settings (localisation.md section 1). */
export const UpdateProfileInput = z
  .object({
    locale: z
      .enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(", ")}` })
      .nullable()
      .describe(
        "The language of the back office and portal for this user, before the NEXT_LOCALE cookie and Accept-Language; null forgets the saved one",
      ),
  })
  .strict();
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const PermissionName = z.enum(ALL_PERMISSIONS as [string, ...string[]], { message: "unknown permission" });

export const CreateApiKeyInput = z.object({
  name: z.string().trim().min(1).max(100),
  permissions: z
    .array(PermissionName)
    .min(1)
    .max(ALL_PERMISSIONS.length)
    .describe("never users:manage, organizations:manage, geography:manage or lifecycle:run (422)"),
  company_id: Uuid.optional(),
  expires_at: DateTimeInput.optional().describe(
    "after this instant the key answers 401; in the future (else 422); none: the key does not expire",
  ),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInput>;

export const ApiKeyResponse = z.object({
  id: Uuid,
  name: z.string(),
  key_prefix: z.string(),
  permissions: z.array(z.string()),
  company_id: Uuid,
  created_at: z.string(),
  created_by: Uuid.nullable().describe(
    "the user who created the key; the key answers 401 once that user is deactivated",
  ),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable().describe("written on first use, then at most once a minute"),
  revoked_at: z.string().nullable(),
});
ApiKeyResponse.register(z.globalRegistry, { id: "ApiKey" });
export const CreatedApiKeyResponse = z.object({
  id: Uuid,
  name: z.string(),
  key: z.string().describe("shown once; only a hash is stored"),
  permissions: z.array(z.string()),
  company_id: Uuid,
  expires_at: z.string().nullable(),
});
