import type { z } from "zod";
import type { Permission } from "@/lib/auth/permissions";
import { EXPORT_CONTENT_TYPES } from "@/lib/schemas";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call: anyone, a signed-in user (an API key is not one: its own session and password are not
 * its to change), or a caller holding one of the listed permissions.
 */
export type Access = "public" | "user" | Permission | readonly Permission[];

export type ResponseSpec = {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
  /** Other media types the same status may answer with, as files (a list's exports). */
  files?: readonly string[];
  /** Headers the answer carries, by name. */
  headers?: Record<string, { description: string }>;
};

/**
 * The 200 of one of the eight lists (reports.md sections 2 and 3): a page as JSON, or with `format` the
 * whole list as a CSV or XLSX file; a bare-array list also names its Next-Cursor header.
 */
export function listResponse(description: string, schema: z.ZodType, { bare = false } = {}): ResponseSpec {
  return {
    description: `${description}; with \`format\`, every matching row as a file (Content-Disposition: attachment; filename="<list>-<YYYY-MM-DD>.<csv|xlsx>")`,
    schema,
    files: Object.values(EXPORT_CONTENT_TYPES),
    ...(bare
      ? {
          headers: {
            "Next-Cursor": {
              description:
                "The cursor of the rows after these, to pass as `cursor`; absent on the last page (and on a file)",
            },
          },
        }
      : {}),
  };
}

/**
 * One endpoint, described once: the wrapper enforces its access and parses its inputs with these
 * schemas, and the OpenAPI document is generated from the same object.
 */
export type Operation = {
  method: HttpMethod;
  /** Relative to /api/v1, with {name} placeholders: "/organizations/companies/{id}". */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Body encodings accepted besides JSON (the OAuth2 password form for login). */
  acceptsForm?: boolean;
  /** Honours an Idempotency-Key header: the same key and body answer the first response again. */
  idempotent?: boolean;
  /** The handler reads a multipart body itself (uploads). */
  multipart?: { description: string; schema: z.ZodType; maxBytes: number };
  responses: Record<number, ResponseSpec>;
};

export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

export function permissionsOf(access: Access): readonly Permission[] {
  if (access === "public" || access === "user") return [];
  return typeof access === "string" ? [access as Permission] : access;
}
