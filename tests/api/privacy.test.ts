import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessProfile } from "~/shared/config/business-profile";
import { startTestServer, type TestServer } from "../support/test-server";

describe("privacy notice", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("serves /privacy with the GLBA notice, the website policy and the dealer's name and contact, server-rendered", async () => {
    const res = await fetch(`${server.url}/privacy`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Privacy Notice | ");
    expect(html).toContain("Gramm-Leach-Bliley");
    expect(html).toContain("Our website privacy policy");
    expect(html).toContain(businessProfile.name);
    expect(html).toContain(businessProfile.phone);
    expect(html).toContain(businessProfile.email);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/privacy"/);
  });

  it("is linked from the footer of every page and listed in the sitemap", async () => {
    for (const path of ["/", "/contact", "/financing", "/booking"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toMatch(/<a[^>]+href="\/privacy"[^>]*>Privacy Notice<\/a>/);
    }
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain("/privacy</loc>");
  });
});
