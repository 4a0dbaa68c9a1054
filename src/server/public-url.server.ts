/**
 * Whether PUBLIC_URL names this machine (localhost, 127.x, ::1, 0.0.0.0): links built from it reach
 * nobody else. Its default is http://localhost:{PORT} (README: Configuration), fine in development
 * and a silent mistake in production, where the feeds would hand Google and Meta links to nowhere.
 */
export function isLocalOrigin(publicUrl: string): boolean {
  let host: string;
  try {
    host = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  // The URL parser has already normalised IPv4 forms ("127.1" is 127.0.0.1): a loopback address is
  // four numbers starting with 127, not any name that starts with "127.".
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]" || host === "0.0.0.0";
}

/** What the feeds answer, and the start-up warning says, when production runs on a local PUBLIC_URL. */
export const LOCAL_PUBLIC_URL_REASON =
  "PUBLIC_URL points at this machine (localhost or 127.0.0.1), so every link in the feed would be unreachable. Set PUBLIC_URL to the site's public https address and restart (README: Configuration).";
