// The production server (server.ts) hands pages and /api/auth to Next.js, which gives handlers no
// socket. So it stamps every request with the socket's address under this header, replacing whatever a
// client sent under that name, and marks the process as stamping; the stamp is believed only in a
// process so marked (never under `next dev`, `next start` or the tests, where a client could send it).

/** The header the production server stamps with the socket's address. */
export const SOCKET_ADDRESS_HEADER = "x-cover-socket-address";

const STAMPING = Symbol.for("cover.socketAddressStamped");
const holder = globalThis as typeof globalThis & { [STAMPING]?: boolean };

/** Called by the production server before it serves: from then on the stamp is believed. */
export function markSocketAddressStamped(stamping = true): void {
  holder[STAMPING] = stamping;
}

/** Whether this process's server stamps every request (the header is then the socket's address). */
export function isSocketAddressStamped(): boolean {
  return holder[STAMPING] === true;
}
