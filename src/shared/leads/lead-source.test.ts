import { describe, expect, it } from "vitest";
import { campaignFromQuery, checkedLeadSource, parseStoredLeadSource, sourceLabel, sourceSummary } from "./lead-source";

describe("lead source", () => {
  it("keeps valid campaign parameters and drops the rest, field by field", () => {
    const query = new URLSearchParams({
      utm_source: "google",
      utm_medium: "<script>",
      utm_campaign: "x".repeat(101),
      gclid: "Cj0_abc-1",
      fbclid: "bad id",
    });
    expect(campaignFromQuery(query)).toEqual({ utmSource: "google", gclid: "Cj0_abc-1" });
    expect(campaignFromQuery(new URLSearchParams("utm_source=Fall Sale&utm_source=other"))).toEqual({ utmSource: "Fall Sale" });
  });

  it("reads a stored or forged source through the same checks: the referrer's host only, never a page address", () => {
    expect(checkedLeadSource({ landingPage: "/deal/dZvf", referrer: "www.google.com", utmSource: 5 })).toEqual({
      referrer: "www.google.com",
    });
    // A referrer stored as an origin before decision 087 is read as its host; anything else is dropped.
    expect(checkedLeadSource({ referrer: "https://www.google.com" })).toEqual({ referrer: "www.google.com" });
    expect(checkedLeadSource({ referrer: "www.google.com/search?q=x" })).toBeNull();
    expect(checkedLeadSource({ referrer: `${"a".repeat(120)}.example` })).toBeNull();
    expect(checkedLeadSource({ landingPage: "/?q=1" })).toBeNull();
    expect(parseStoredLeadSource("not json")).toBeNull();
    // A landing page stored before (it could hold a deal's or an offer's token) is never read back.
    expect(parseStoredLeadSource('{"utmCampaign":"fall","landingPage":"/deal/dZvfA1b2"}')).toEqual({ utmCampaign: "fall" });
  });

  it("names the source: utm_source, a click id alone, the referring host, or direct", () => {
    expect(sourceLabel({ utmSource: "Google", gclid: "x" })).toBe("google");
    expect(sourceLabel({ gclid: "x" })).toBe("google");
    expect(sourceLabel({ fbclid: "x" })).toBe("facebook");
    expect(sourceLabel({ referrer: "lm.facebook.com" })).toBe("facebook.com");
    expect(sourceLabel({ referrer: "www.bing.com" })).toBe("bing.com");
    expect(sourceLabel({})).toBe("direct");
    expect(sourceLabel(null)).toBe("direct");
  });

  it("summarises it in one line for staff and CRMs", () => {
    expect(sourceSummary({ utmSource: "google", utmMedium: "cpc", utmCampaign: "fall", gclid: "abc" })).toBe(
      "Source: google / cpc / fall; gclid abc",
    );
    expect(sourceSummary({ referrer: "www.bing.com" })).toBe("Source: bing.com; referrer www.bing.com");
    expect(sourceSummary(null)).toBeNull();
  });
});
