import { isSocketAddressStamped, SOCKET_ADDRESS_HEADER } from "./socket-stamp";

// The caller's address, for every per-address limit (registration, lead capture, sign-in, password
// reset) and the audit log. It is the address of the socket the request came in on: the one thing a
// client cannot choose. X-Forwarded-For is read only when TRUSTED_PROXY_HOPS says that many proxies of
// ours stand in front of the service, each appending the address it saw; the entry that many places
// from the right is then the address the outermost of them saw, and what the client wrote before it is
// ignored.
//
// Where the socket is:
// - /api/v1 under the production server (server.ts, node-handler.ts): the server remembers each
//   request's socket address (rememberSocketAddress).
// - Pages, /api/auth (next-auth's sign-in) and everything else the production server hands to Next.js:
//   the socket's address stamped by server.ts (socket-stamp.ts).
// - `next dev` (`npm run dev`) and `next start`: no stamp, so with no trusted proxy the address is
//   unknown (null) and the per-address limits share one bucket. Next.js fills X-Forwarded-For with the
//   socket's address only when the client sent none, so that header is the client's own words there.

/** How many proxies of ours append to X-Forwarded-For (TRUSTED_PROXY_HOPS, default 0). */
export function trustedProxyHops(env: NodeJS.ProcessEnv = process.env): number {
  const hops = Number(env.TRUSTED_PROXY_HOPS ?? "0");
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

/**
 * The caller's address from the socket's address and X-Forwarded-For: the `hops`-th entry from the
 * right when that many trusted proxies appended to the header, else the socket's address. A chain
 * shorter than the trusted hops did not come through all of them, so the socket is what is left to
 * believe. IPv4 addresses seen on an IPv6 socket (::ffff:a.b.c.d) are written as IPv4.
 */
export function resolveClientAddress(
  socketAddress: string | null | undefined,
  forwardedFor: string | null | undefined,
): string | null {
  const hops = trustedProxyHops();
  if (hops > 0) {
    const chain = (forwardedFor ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (chain.length >= hops) return normalized(chain[chain.length - hops]);
  }
  return socketAddress ? normalized(socketAddress) : null;
}

function normalized(address: string): string {
  const plain = address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
  return plain.slice(0, 100);
}

type HeaderReader = { get(name: string): string | null };

/** The caller's address from a request's headers, as Next.js hands them to pages, route handlers and next-auth. */
export function clientAddressFromHeaders(headers: HeaderReader): string | null {
  const stamped = isSocketAddressStamped() ? headers.get(SOCKET_ADDRESS_HEADER) : null;
  return resolveClientAddress(stamped, headers.get("x-forwarded-for"));
}

// The socket address of each request the production server's /api/v1 listener (node-handler.ts) serves.
const socketAddresses = new WeakMap<Request, string | null>();

/** Called by the production server's /api/v1 listener with the address of the socket `req` came in on. */
export function rememberSocketAddress(req: Request, socketAddress: string | null): void {
  socketAddresses.set(req, socketAddress);
}

/** The caller's address of an API request: the socket the production server saw it on, else its headers. */
export function clientAddress(req: Request): string | null {
  const socketAddress = socketAddresses.get(req);
  if (socketAddress !== undefined) return resolveClientAddress(socketAddress, req.headers.get("x-forwarded-for"));
  return clientAddressFromHeaders(req.headers);
}

/** The same for a plain header record (next-auth's `authorize` gets the request's headers as one). */
export function clientAddressFromRecord(headers: Record<string, unknown> | undefined): string | null {
  return clientAddressFromHeaders({
    get: (name) => {
      const value = headers?.[name.toLowerCase()];
      return typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : null;
    },
  });
}
