/**
 * Where a lead came from: the visit that brought the shopper, as kept in the first-party source
 * cookie and stored with every lead (docs/decisions/078-lead-source-and-lead-report.md). Only the
 * campaign's parameters, the click ids and the referring site's host, each length-capped: no address of
 * ours, which could hold a deal's or an offer's token and went on into leads, mails and the CRM (review
 * L-7, decision 087). Every field is optional; each one is checked on the way in (cookie, URL) and on the
 * way out of the database, and one that fails is dropped, never repaired.
 */
export type LeadSource = {
  /** The host of the other site that linked here ("www.google.com"); never our own. */
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  /** Google Ads' click id (auto-tagging adds only this, no utm_*). */
  gclid?: string;
  /** Meta's click id, added to every link followed out of Facebook or Instagram. */
  fbclid?: string;
};

export const LEAD_SOURCE_FIELDS = ["referrer", "utmSource", "utmMedium", "utmCampaign", "gclid", "fbclid"] as const;

/** The URL parameters a campaign link carries, by field. */
export const CAMPAIGN_PARAMETERS = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  gclid: "gclid",
  fbclid: "fbclid",
} as const satisfies Partial<Record<keyof LeadSource, string>>;

export const MAX_UTM_LENGTH = 100;
export const MAX_CLICK_ID_LENGTH = 200;
export const MAX_REFERRER_LENGTH = 100;

/** Words, numbers and the punctuation campaign tools use; no quotes, angle brackets or control characters. */
const UTM_VALUE = /^[\p{L}\p{N} ._\-+/:|~()!,&]+$/u;
const CLICK_ID = /^[A-Za-z0-9_-]+$/;
/** A DNS host name, lower case (RFC 1123 labels): what is kept of a referring site. */
const HOST_NAME = /^(?=.{1,100}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function utmValue(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const v = value.trim();
  return v.length > 0 && v.length <= MAX_UTM_LENGTH && UTM_VALUE.test(v) ? v : undefined;
}

function clickId(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_CLICK_ID_LENGTH && CLICK_ID.test(value) ? value : undefined;
}

/** The host of an http(s) URL (a Referer header), lower case, or undefined for anything else. */
export function referrerHostOf(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  return HOST_NAME.test(url.hostname) ? url.hostname : undefined;
}

/** A stored referrer: a host; one stored as an origin before ("https://www.google.com") is read as its host. */
function referrer(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (HOST_NAME.test(value)) return value;
  return /^https?:\/\//.test(value) ? referrerHostOf(value) : undefined;
}

/**
 * A source from untrusted fields (a cookie, a database row): each valid one kept, the rest dropped
 * (a landing page stored before decision 087 among them); null when none is left.
 */
export function checkedLeadSource(input: unknown): LeadSource | null {
  if (!input || typeof input !== "object") return null;
  const raw = input as Record<string, unknown>;
  const source: LeadSource = {
    referrer: referrer(raw.referrer),
    utmSource: utmValue(raw.utmSource),
    utmMedium: utmValue(raw.utmMedium),
    utmCampaign: utmValue(raw.utmCampaign),
    gclid: clickId(raw.gclid),
    fbclid: clickId(raw.fbclid),
  };
  const kept = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined)) as LeadSource;
  return Object.keys(kept).length > 0 ? kept : null;
}

/** A stored `leads.source` (JSON text) read back, or null. */
export function parseStoredLeadSource(text: string | null | undefined): LeadSource | null {
  if (!text) return null;
  try {
    return checkedLeadSource(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The campaign fields of a landing URL's query: each valid one (the first of a repeated name), the rest dropped. */
export function campaignFromQuery(query: URLSearchParams): LeadSource {
  const source: LeadSource = {
    utmSource: utmValue(query.get(CAMPAIGN_PARAMETERS.utmSource)),
    utmMedium: utmValue(query.get(CAMPAIGN_PARAMETERS.utmMedium)),
    utmCampaign: utmValue(query.get(CAMPAIGN_PARAMETERS.utmCampaign)),
    gclid: clickId(query.get(CAMPAIGN_PARAMETERS.gclid)),
    fbclid: clickId(query.get(CAMPAIGN_PARAMETERS.fbclid)),
  };
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined)) as LeadSource;
}

export const hasCampaign = (source: LeadSource | null | undefined): boolean =>
  Boolean(source && (source.utmSource || source.utmMedium || source.utmCampaign || source.gclid || source.fbclid));

/** Subdomains that say nothing about the site: www.google.com, m.facebook.com and l.facebook.com are google.com and facebook.com. */
const PLAIN_SUBDOMAIN = /^(?:www|m|l|lm|mobile)\./;

/** A referrer's host without its plain subdomain ("l.facebook.com" → "facebook.com"). */
export function referrerSite(host: string): string {
  return host.replace(PLAIN_SUBDOMAIN, "");
}

/** What the report counts a lead under: how the dealer's ads and listings name themselves. */
export const DIRECT_SOURCE = "direct";

/**
 * The one name a lead's source goes by in the report and the inbox filter: utm_source when the
 * link said it; "google" for a Google Ads click id alone (auto-tagging adds no utm_*); "facebook"
 * for Meta's click id alone; else the referring site's host; else "direct".
 */
export function sourceLabel(source: LeadSource | null | undefined): string {
  if (!source) return DIRECT_SOURCE;
  if (source.utmSource) return source.utmSource.toLowerCase();
  if (source.gclid) return "google";
  if (source.fbclid) return "facebook";
  if (source.referrer) return referrerSite(source.referrer);
  return DIRECT_SOURCE;
}

/** "google / cpc / fall": the source's name, then the medium and campaign the link gave. */
export function campaignName(source: LeadSource): string {
  return [source.utmSource ?? sourceLabel(source), source.utmMedium, source.utmCampaign].filter(Boolean).join(" / ");
}

/**
 * One line for people and CRMs: "Source: google / cpc / fall; referrer www.google.com; gclid abc".
 * Null for a lead with no known source.
 */
export function sourceSummary(source: LeadSource | null | undefined): string | null {
  if (!source) return null;
  const parts = [
    `Source: ${campaignName(source)}`,
    source.referrer ? `referrer ${source.referrer}` : null,
    source.gclid ? `gclid ${source.gclid}` : null,
    source.fbclid ? `fbclid ${source.fbclid}` : null,
  ];
  return parts.filter(Boolean).join("; ");
}
