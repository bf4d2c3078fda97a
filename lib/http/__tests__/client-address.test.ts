import { afterEach, describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/http/client-address";

const request = (forwardedFor?: string) =>
  new Request("http://localhost/api/v1/health", { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });

describe("clientAddress", () => {
  const configured = process.env.TRUSTED_PROXY_HOPS;
  afterEach(() => {
    process.env.TRUSTED_PROXY_HOPS = configured;
  });

  it("trusts no forwarded address when no proxy is configured, so a forged header cannot pick a bucket", () => {
    process.env.TRUSTED_PROXY_HOPS = "0";
    expect(clientAddress(request("198.51.100.7"))).toBeNull();
    delete process.env.TRUSTED_PROXY_HOPS;
    expect(clientAddress(request("198.51.100.7"))).toBeNull();
  });

  it("takes the address the outermost trusted proxy appended, ignoring what the client wrote before it", () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    expect(clientAddress(request("6.6.6.6, 203.0.113.5"))).toBe("203.0.113.5");
    process.env.TRUSTED_PROXY_HOPS = "2";
    expect(clientAddress(request("6.6.6.6, 203.0.113.5, 10.0.0.2"))).toBe("203.0.113.5");
  });

  it("is null when the chain is shorter than the trusted hops or the header is missing", () => {
    process.env.TRUSTED_PROXY_HOPS = "2";
    expect(clientAddress(request("203.0.113.5"))).toBeNull();
    expect(clientAddress(request())).toBeNull();
  });
});
