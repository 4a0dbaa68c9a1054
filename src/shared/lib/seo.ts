import type { MetaDescriptor } from "react-router";
import { businessProfile } from "~/shared/config/business-profile";
import { DEFAULT_LOCALE, HREFLANGS, LOCALES, OG_LOCALES, localizedPath, type Locale } from "~/shared/i18n/locales";

export type PageMetaInput = {
  title: string;
  description: string;
  /** The page's English path, e.g. "/inventory": the canonical URL is its version in `locale`. */
  path: string;
  /** The page's language (default English). */
  locale?: Locale;
  publicUrl: string;
  /** Absolute or root-relative image URL for link previews. */
  image?: string;
  type?: "website" | "product";
};

/** Absolute URL on the canonical origin (PUBLIC_URL). */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Title, description, canonical link, Open Graph and Twitter tags for a page (docs/behaviour.md §13). */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const url = absoluteUrl(input.publicUrl, localizedPath(input.path, locale));
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: businessProfile.name },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:locale", content: OG_LOCALES[locale] },
    ...LOCALES.filter((other) => other !== locale).map((other) => ({ property: "og:locale:alternate", content: OG_LOCALES[other] })),
    ...languageAlternates(input.publicUrl, input.path),
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

/**
 * `<link rel="alternate" hreflang>` for each language's version of a page and x-default (English),
 * so search engines show each shopper the page in their language.
 */
export function languageAlternates(publicUrl: string, englishPath: string): MetaDescriptor[] {
  return [
    ...LOCALES.map((locale) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: HREFLANGS[locale],
      href: absoluteUrl(publicUrl, localizedPath(englishPath, locale)),
    })),
    { tagName: "link" as const, rel: "alternate", hrefLang: "x-default", href: absoluteUrl(publicUrl, englishPath) },
  ];
}
