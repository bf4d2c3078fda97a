import { describe, expect, it } from "vitest";
import { parseFormBody } from "@/test/fakes/form-body";

describe("parseFormBody", () => {
  it("nests bracketed keys into objects and indexed ones into arrays", () => {
    const body = parseFormBody(
      "customer=cus_1&metadata[policy_id]=p%201&items[0][price_data][recurring][interval]=year&items[0][price_data][unit_amount]=12000&expand[0]=latest_invoice&expand[1]=customer",
    );
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      customer: "cus_1",
      metadata: { policy_id: "p 1" },
      items: [{ price_data: { recurring: { interval: "year" }, unit_amount: "12000" } }],
      expand: ["latest_invoice", "customer"],
    });
  });

  it("appends for [] and for an index past the end", () => {
    expect(parseFormBody("expand[]=a&expand[]=b&expand[99999999]=c").expand).toEqual(["a", "b", "c"]);
  });

  it("keeps __proto__ and constructor as plain keys", () => {
    const body = parseFormBody("__proto__[polluted]=yes&metadata[constructor][prototype][polluted]=yes");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(body)).toBe(
      '{"__proto__":{"polluted":"yes"},"metadata":{"constructor":{"prototype":{"polluted":"yes"}}}}',
    );
  });
});
