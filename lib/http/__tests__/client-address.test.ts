import { afterEach, describe, expect, it, vi } from "vitest";
import { clientAddress, clientAddressFromRecord, resolveClientAddress } from "@/lib/http/client-address";
import { markSocketAddressStamped, SOCKET_ADDRESS_HEADER } from "@/lib/http/socket-stamp";

// What Next.js hands pages, /api/auth and route handlers: a web Request whose socket address, under the
// production server, is the header server.ts stamps. The NodeRequest of /api/v1 (the socket itself) is
// covered end to end in node-handler.test.ts.
const request = (headers: Record<string, string> = {}) => new Request("http://localhost/api/v1/health", { headers });

describe("clientAddress", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    markSocketAddressStamped(false);
  });

  it("with no trusted proxy is the socket's address, never what X-Forwarded-For says", () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "0");
    expect(resolveClientAddress("192.0.2.10", "198.51.100.7")).toBe("192.0.2.10");
    vi.stubEnv("TRUSTED_PROXY_HOPS", undefined);
    expect(resolveClientAddress("192.0.2.10", "198.51.100.7")).toBe("192.0.2.10");
    vi.stubEnv("TRUSTED_PROXY_HOPS", "not a number");
    expect(resolveClientAddress("192.0.2.10", "198.51.100.7")).toBe("192.0.2.10");
  });

  it("reads the socket's address from the production server's stamp, and only where the server stamps", () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "0");
    const stamped = request({ [SOCKET_ADDRESS_HEADER]: "192.0.2.10", "x-forwarded-for": "198.51.100.7" });
    // `next dev`, `next start`: a client could send the header itself, so it is not believed.
    expect(clientAddress(stamped)).toBeNull();
    markSocketAddressStamped();
    expect(clientAddress(stamped)).toBe("192.0.2.10");
    expect(clientAddressFromRecord({ [SOCKET_ADDRESS_HEADER]: "192.0.2.10", "x-forwarded-for": "198.51.100.7" })).toBe(
      "192.0.2.10",
    );
    expect(clientAddress(request({ "x-forwarded-for": "198.51.100.7" }))).toBeNull();
  });

  it("takes the address the outermost trusted proxy appended, ignoring what the client wrote before it", () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "1");
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.5" }))).toBe("203.0.113.5");
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 203.0.113.5")).toBe("203.0.113.5");
    vi.stubEnv("TRUSTED_PROXY_HOPS", "2");
    expect(clientAddress(request({ "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.2" }))).toBe("203.0.113.5");
    expect(clientAddressFromRecord({ "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.2" })).toBe("203.0.113.5");
  });

  it("falls back to the socket when the chain is shorter than the trusted hops or missing", () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "2");
    expect(resolveClientAddress("192.0.2.10", "203.0.113.5")).toBe("192.0.2.10");
    expect(resolveClientAddress("192.0.2.10", null)).toBe("192.0.2.10");
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.5" }))).toBeNull();
    expect(clientAddress(request())).toBeNull();
  });

  it("writes an IPv4 address seen on an IPv6 socket as IPv4", () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "0");
    expect(resolveClientAddress("::ffff:127.0.0.2", null)).toBe("127.0.0.2");
    expect(resolveClientAddress("2001:db8::1", null)).toBe("2001:db8::1");
    expect(resolveClientAddress(null, null)).toBeNull();
  });
});
