import dns from "node:dns";
import net from "node:net";

/**
 * Whether an address is one a push service may not be at (decision 111): loopback, private, link-local,
 * carrier-grade NAT, unique-local, multicast, unspecified or reserved — anything but the public internet.
 */
export function isInternalAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a, b] = address.split(".").map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (net.isIPv6(address)) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped) return isInternalAddress(mapped[1]!);
    return (
      lower === "::" ||
      lower === "::1" ||
      /^f[cd]/.test(lower) ||
      /^fe[89ab]/.test(lower) ||
      lower.startsWith("ff") ||
      lower.startsWith("64:ff9b:")
    );
  }
  return true;
}

const isLoopback = (address: string) => address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";

/**
 * The endpoint a browser handed us, if we may ever send to it: an https URL without credentials to a
 * host name or a public address, at most 1,000 characters. Under PUSH_LOOPBACK (tests only) an http URL
 * on 127.0.0.1 is accepted too. Null otherwise.
 */
export function acceptedEndpoint(value: string, { loopback }: { loopback: boolean }): URL | null {
  if (value.length > 1000) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (loopback && url.protocol === "http:" && isLoopback(host)) return url;
  if (url.protocol !== "https:") return null;
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return null;
  if (net.isIP(host) && isInternalAddress(host)) return null;
  return url;
}

/**
 * The DNS lookup every push request connects with: it refuses a name that resolves to an internal
 * address, so a name that pointed outside when it was accepted cannot be turned on the server's own
 * network later (DNS rebinding). Loopback is let through only under PUSH_LOOPBACK.
 */
export function guardedLookup(loopback: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => isInternalAddress(a.address) && !(loopback && isLoopback(a.address)));
      if (refused || !list.length) {
        return callback(Object.assign(new Error(`push endpoint resolves to an internal address`), { code: "EPUSHINTERNAL" }), "", 0);
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
