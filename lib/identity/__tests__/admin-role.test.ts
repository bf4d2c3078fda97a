import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { rolePermissions, roles, userRoles, users } from "@/db/schema";
import { ALL_PERMISSIONS } from "@/lib/auth/permissions";
import { api } from "@/test/api";
import { createTestUser, expectAuditRow, signInAs, uniqueEmail, type SignedIn } from "@/test/fixtures";
import { insertApiKey } from "./account-links";
import { loginViaApi, me } from "./helpers";

// trust.md section 3, users and roles: DELETE /auth/roles/assign, the last active ADMIN, and ADMIN
// given only by a signed-in ADMIN (never by an API key, whatever it holds).

type Role = { id: string; name: string };

let admin: SignedIn;
let roleList: Role[];
let everythingKey: string;
const roleId = (name: string) => roleList.find((role) => role.name === name)!.id;

function assign(credentials: { token?: string; apiKey?: string }, userId: string, role: string) {
  return api("POST", "/api/v1/auth/roles/assign", { ...credentials, body: { user_id: userId, role_id: roleId(role) } });
}

function unassign(credentials: { token?: string; apiKey?: string }, userId: string, role: string) {
  return api("DELETE", "/api/v1/auth/roles/assign", {
    ...credentials,
    body: { user_id: userId, role_id: roleId(role) },
  });
}

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  roleList = (await api("GET", "/api/v1/auth/roles", { token: admin.token })).body;
  everythingKey = await insertApiKey(ALL_PERMISSIONS);
});

describe("DELETE /api/v1/auth/roles/assign", () => {
  it("takes the role (200, the user without it); its permissions stop on the next request; audited ROLE_REMOVED", async () => {
    const seller = await signInAs(["VENDEDOR", "CLIENTE"]);
    expect((await api("GET", "/api/v1/emission/clients", { token: seller.token })).status).toBe(200);
    const res = await unassign({ token: admin.token }, seller.user.id, "VENDEDOR");
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(seller.user.id);
    expect(res.body.roles.map((role: Role) => role.name)).toEqual(["CLIENTE"]);
    expect(res.body.permissions).not.toContain("emission:read");
    // The same access token, next request: the permission is gone.
    expect((await api("GET", "/api/v1/emission/clients", { token: seller.token })).status).toBe(403);
    expect((await me(seller.token)).body.roles.map((role: Role) => role.name)).toEqual(["CLIENTE"]);
    const row = await expectAuditRow("ROLE_REMOVED", seller.user.id);
    expect(row.details).toEqual({ role: "VENDEDOR" });
  });

  it("changes nothing for a role the user does not have (200)", async () => {
    const user = await createTestUser({ roles: ["CLIENTE"] });
    const res = await unassign({ token: admin.token }, user.id, "VENDEDOR");
    expect(res.status).toBe(200);
    expect(res.body.roles.map((role: Role) => role.name)).toEqual(["CLIENTE"]);
  });

  it("answers 404 for an unknown user or role, 422 for a malformed body", async () => {
    const user = await createTestUser();
    expect(
      (
        await api("DELETE", "/api/v1/auth/roles/assign", {
          token: admin.token,
          body: { user_id: crypto.randomUUID(), role_id: roleId("CLIENTE") },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api("DELETE", "/api/v1/auth/roles/assign", {
          token: admin.token,
          body: { user_id: user.id, role_id: crypto.randomUUID() },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api("DELETE", "/api/v1/auth/roles/assign", { token: admin.token, body: { user_id: "x" } })).status,
    ).toBe(422);
  });

  it("refuses VENDEDOR and CLIENTE (403) and anonymous callers (401)", async () => {
    const user = await createTestUser({ roles: ["VENDEDOR"] });
    for (const role of ["VENDEDOR", "CLIENTE"] as const)
      expect((await unassign({ token: (await signInAs(role)).token }, user.id, "VENDEDOR")).status).toBe(403);
    expect((await unassign({}, user.id, "VENDEDOR")).status).toBe(401);
  });

  it("takes ADMIN from one administrator while another stays active", async () => {
    const second = await createTestUser({ roles: ["ADMIN"] });
    const res = await unassign({ token: admin.token }, second.id, "ADMIN");
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual([]);
  });
});

describe("only a signed-in ADMIN gives or takes ADMIN", () => {
  it("an API key with every permission cannot create an ADMIN (403), nor assign or take ADMIN", async () => {
    const email = uniqueEmail("would-be-admin");
    const created = await api("POST", "/api/v1/auth/users", {
      apiKey: everythingKey,
      body: { email, password: "a-good-password", roles: ["ADMIN"] },
    });
    expect(created.status).toBe(403);
    expect((await loginViaApi(email, "a-good-password")).status).toBe(401);

    const target = await createTestUser({ roles: ["VENDEDOR"] });
    expect((await assign({ apiKey: everythingKey }, target.id, "ADMIN")).status).toBe(403);
    expect(
      (await me((await loginViaApi(target.email, target.password)).body.access_token)).body.roles.map(
        (role: Role) => role.name,
      ),
    ).toEqual(["VENDEDOR"]);

    const otherAdmin = await createTestUser({ roles: ["ADMIN"] });
    expect((await unassign({ apiKey: everythingKey }, otherAdmin.id, "ADMIN")).status).toBe(403);
  });

  it("the same key gives no other role either: a key never holds users:manage (trust.md section 3)", async () => {
    const target = await createTestUser({ roles: ["CLIENTE"] });
    expect((await assign({ apiKey: everythingKey }, target.id, "VENDEDOR")).status).toBe(403);
    expect(
      (
        await api("POST", "/api/v1/auth/users", {
          apiKey: everythingKey,
          body: { email: uniqueEmail("seller"), roles: ["VENDEDOR"] },
        })
      ).status,
    ).toBe(403);
  });

  it("a user whose own role holds every permission but is not ADMIN cannot give ADMIN (403)", async () => {
    const db = await getDb();
    const [supervisor] = await db
      .insert(roles)
      .values({ name: `SUPERVISOR_${crypto.randomUUID().slice(0, 6)}`, level: 90 })
      .returning();
    await db
      .insert(rolePermissions)
      .values(ALL_PERMISSIONS.map((permission) => ({ roleId: supervisor.id, permission })));
    const user = await createTestUser({ roles: ["CLIENTE"] });
    await db.delete(userRoles).where(eq(userRoles.userId, user.id));
    await db.insert(userRoles).values({ userId: user.id, roleId: supervisor.id });
    const token = (await loginViaApi(user.email, user.password)).body.access_token;
    const target = await createTestUser({ roles: ["CLIENTE"] });
    expect((await assign({ token }, target.id, "ADMIN")).status).toBe(403);
    expect(
      (
        await api("POST", "/api/v1/auth/users", {
          token,
          body: { email: uniqueEmail("x"), password: "a-good-password", roles: ["ADMIN"] },
        })
      ).status,
    ).toBe(403);
    expect((await assign({ token }, target.id, "VENDEDOR")).status).toBe(200);
  });

  it("a signed-in ADMIN creates an ADMIN and assigns ADMIN", async () => {
    const created = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email: uniqueEmail("admin"), password: "a-good-password", roles: ["ADMIN"] },
    });
    expect(created.status).toBe(201);
    const target = await createTestUser({ roles: ["VENDEDOR"] });
    const res = await assign({ token: admin.token }, target.id, "ADMIN");
    expect(res.status).toBe(200);
    expect(res.body.roles.map((role: Role) => role.name)).toContain("ADMIN");
  });
});

describe("the last active ADMIN (409)", () => {
  // Runs last in this file: it leaves one active administrator in this file's own database.
  it("can neither lose ADMIN nor be deactivated; once another ADMIN is active, both work", async () => {
    const db = await getDb();
    const last = await signInAs("ADMIN");
    const adminIds = (
      await db
        .select({ id: userRoles.userId })
        .from(userRoles)
        .where(eq(userRoles.roleId, roleId("ADMIN")))
    ).map((row) => row.id);
    await db
      .update(users)
      .set({ isActive: false })
      .where(
        inArray(
          users.id,
          adminIds.filter((id) => id !== last.user.id),
        ),
      );

    const removed = await unassign({ token: last.token }, last.user.id, "ADMIN");
    expect(removed.status).toBe(409);
    expect(removed.body.code).toBe("last_admin");
    const deactivated = await api("PATCH", `/api/v1/auth/users/${last.user.id}`, {
      token: last.token,
      body: { is_active: false },
    });
    expect(deactivated.status).toBe(409);
    expect(deactivated.body.code).toBe("last_admin");
    expect((await me(last.token)).body).toMatchObject({ is_active: true, roles: [{ name: "ADMIN" }] });

    // An inactive ADMIN does not count; an active one does.
    const other = await createTestUser({ roles: ["ADMIN"] });
    const inactiveOther = await createTestUser({ roles: ["ADMIN"] });
    await db.update(users).set({ isActive: false }).where(eq(users.id, inactiveOther.id));
    expect((await unassign({ token: last.token }, last.user.id, "ADMIN")).status).toBe(200);
    // `other` is now the last one: deactivating it is refused, by whoever asks.
    const otherToken = (await loginViaApi(other.email, other.password)).body.access_token;
    expect(
      (await api("PATCH", `/api/v1/auth/users/${other.id}`, { token: otherToken, body: { is_active: false } })).status,
    ).toBe(409);
    // Deactivating a non-admin is not affected.
    const plain = await createTestUser({ roles: ["VENDEDOR"] });
    expect(
      (await api("PATCH", `/api/v1/auth/users/${plain.id}`, { token: otherToken, body: { is_active: false } })).status,
    ).toBe(200);
  });

  it("two administrators deactivating each other at once: one of them stays", async () => {
    const db = await getDb();
    const a = await signInAs("ADMIN");
    const b = await signInAs("ADMIN");
    const adminIds = (
      await db
        .select({ id: userRoles.userId })
        .from(userRoles)
        .where(eq(userRoles.roleId, roleId("ADMIN")))
    ).map((row) => row.id);
    await db
      .update(users)
      .set({ isActive: false })
      .where(
        inArray(
          users.id,
          adminIds.filter((id) => id !== a.user.id && id !== b.user.id),
        ),
      );
    const answers = await Promise.all([
      api("PATCH", `/api/v1/auth/users/${b.user.id}`, { token: a.token, body: { is_active: false } }),
      api("PATCH", `/api/v1/auth/users/${a.user.id}`, { token: b.token, body: { is_active: false } }),
    ]);
    // One wins; the other is refused: 409 (the last admin), or 401 when its own session ended first.
    expect(answers.map((res) => res.status).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    const both = await db
      .select()
      .from(users)
      .where(inArray(users.id, [a.user.id, b.user.id]));
    expect(both.filter((user) => user.isActive)).toHaveLength(1);
  });
});
