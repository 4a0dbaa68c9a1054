import type { MetaDescriptor } from "react-router";
import { businessProfile } from "~/shared/config/business-profile";

export type PageMetaInput = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/inventory". */
  path: string;
  publicUrl: string;
  /** Absolute or root-relative image URL for link previews. */
  image?: string;
  type?: "website" | "product";
};

/** Absolute URL on the canonical origin (PUBLIC_URL). */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Title, description, canonical link, Open Graph and Twitter tags for a page (DESIGN.md difference 5). */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(input.publicUrl, input.path);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: businessProfile.name },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
  ];
  if (input.image) {
    const image = absoluteUrl(input.publicUrl, input.image);
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  return tags;
}
