import { serializeJsonLd } from "~/shared/lib/structured-data";
import { useNonce } from "./nonce";

/**
 * A JSON-LD block rendered in the server HTML. It is part of the page component, so it
 * leaves the document when the page is left (spec §2).
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
