import { useNonce } from "./nonce";

/**
 * A JSON-LD block rendered in the server HTML. It is part of the page component, so it leaves the
 * document when the page is left (docs/behaviour.md §2). `json` is already serialised (`serializeJsonLd`): a page
 * whose structured data never changes in the browser builds it in its loader, so its JavaScript
 * carries no schema.org code.
 */
export function JsonLd({ json }: { json: string }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: json }} />;
}
