import net from "node:net";

/**
 * Whether a connection's own address is this machine: 127.0.0.0/8, ::1, or an
 * IPv4-mapped 127.x (::ffff:127.0.0.1, as a dual-stack socket reports it).
 * Give it the socket's remote address, never a forwarded one: a client writes
 * X-Forwarded-For itself.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  let a = address.trim().toLowerCase();
  if (a.startsWith("[") && a.endsWith("]")) a = a.slice(1, -1);
  if (net.isIPv6(a)) {
    if (a === "::1" || a === "0:0:0:0:0:0:0:1") return true;
    const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a)?.[1];
    return mapped !== undefined && isLoopbackAddress(mapped);
  }
  return net.isIPv4(a) && a.split(".")[0] === "127";
}

/** Whether a host name or address to listen on (STORE_API_HOST) or redirect to is this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/\.$/, "");
  return h === "localhost" || isLoopbackAddress(h);
}
