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

  it("reads a stored or forged source through the same checks", () => {
    expect(checkedLeadSource({ landingPage: "//evil.example", referrer: "https://www.google.com", utmSource: 5 })).toEqual({
      referrer: "https://www.google.com",
    });
    expect(checkedLeadSource({ referrer: "https://www.google.com/search?q=x" })).toBeNull();
    expect(checkedLeadSource({ landingPage: '/?q="><script>' })).toBeNull();
    expect(parseStoredLeadSource("not json")).toBeNull();
    expect(parseStoredLeadSource('{"utmCampaign":"fall","landingPage":"/?a=1"}')).toEqual({ utmCampaign: "fall", landingPage: "/?a=1" });
  });

  it("names the source: utm_source, a click id alone, the referring host, or direct", () => {
    expect(sourceLabel({ utmSource: "Google", gclid: "x" })).toBe("google");
    expect(sourceLabel({ gclid: "x" })).toBe("google");
    expect(sourceLabel({ fbclid: "x" })).toBe("facebook");
    expect(sourceLabel({ referrer: "https://lm.facebook.com" })).toBe("facebook.com");
    expect(sourceLabel({ referrer: "https://www.bing.com" })).toBe("bing.com");
    expect(sourceLabel({ landingPage: "/" })).toBe("direct");
    expect(sourceLabel(null)).toBe("direct");
  });

  it("summarises it in one line for staff and CRMs", () => {
    expect(sourceSummary({ utmSource: "google", utmMedium: "cpc", utmCampaign: "fall", landingPage: "/?x=1", gclid: "abc" })).toBe(
      "Source: google / cpc / fall; landing /?x=1; gclid abc",
    );
    expect(sourceSummary({ referrer: "https://www.bing.com" })).toBe("Source: bing.com; referrer https://www.bing.com");
    expect(sourceSummary(null)).toBeNull();
  });
});
