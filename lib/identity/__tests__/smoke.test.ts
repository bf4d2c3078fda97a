import { describe, expect, it } from "vitest";
import { api } from "@/lib/testing/api";
import { signInAs } from "@/lib/testing/fixtures";

describe("harness", () => {
  it("signs in and reads the profile", async () => {
    const admin = await signInAs("ADMIN");
    const me = await api("GET", "/api/v1/auth/me", { token: admin.token });
    expect(me.status).toBe(200);
    expect(me.body.roles.map((r: { name: string }) => r.name)).toEqual(["ADMIN"]);
  });
});
