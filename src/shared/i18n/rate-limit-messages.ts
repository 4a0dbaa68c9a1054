import { rateLimits as en, type RateLimitMessages } from "./en/rate-limits";
import { rateLimits as es } from "./es/rate-limits";
import type { Locale } from "./locales";
import { rateLimits as pt } from "./pt/rate-limits";

const catalogues: Record<Locale, RateLimitMessages> = { en, es, pt };

/** The rate limits' answers in a language, for server code (the limits on the forms' posts). */
export function rateLimitMessagesFor(locale: Locale = "en"): RateLimitMessages {
  return catalogues[locale];
}
