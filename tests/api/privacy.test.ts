import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessProfile } from "~/shared/config/business-profile";
import { en as enCatalogue } from "~/shared/i18n/en";
import { privacyPage as en } from "~/shared/i18n/en/privacy-page";
import { es as esCatalogue } from "~/shared/i18n/es";
import { privacyPage as es } from "~/shared/i18n/es/privacy-page";
import { pt as ptCatalogue } from "~/shared/i18n/pt";
import { privacyPage as pt } from "~/shared/i18n/pt/privacy-page";
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

  it("links, under each form, the privacy notice in the form's language", async () => {
    const unescape = (html: string) => html.replace(/&#x27;|&#39;/g, "'");
    for (const [path, m, privacy] of [
      ["/contact", enCatalogue, "/privacy"],
      ["/es/contact", esCatalogue, "/es/privacy"],
      ["/pt/financing", ptCatalogue, "/pt/privacy"],
      ["/es/booking", esCatalogue, "/es/privacy"],
    ] as const) {
      const html = unescape(await (await fetch(`${server.url}${path}`)).text());
      const notice = html.indexOf(m.privacy.formNotice);
      expect(notice, path).toBeGreaterThan(-1);
      // The notice's words, React's text separator, then the link.
      expect(html.slice(notice + m.privacy.formNotice.length), path).toMatch(
        new RegExp(`^(<!-- -->)? <a href="${privacy}" class="[^"]*">${m.privacy.formNoticeLink}</a>`),
      );
    }
  });

  it("says in every language how long financing applications are kept, what consent records hold and how to stop contact (decisions 094, 095)", async () => {
    const unescape = (html: string) =>
      html
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&");
    for (const [path, m, words] of [
      ["/privacy", en, ["25 months", "12 CFR 1002.12(b)", "We cannot delete it earlier", "postal address", "never a condition"]],
      ["/es/privacy", es, ["25 meses", "12 CFR 1002.12(b)", "No podemos eliminarla antes", "dirección postal", "nunca es una condición"]],
      ["/pt/privacy", pt, ["25 meses", "12 CFR 1002.12(b)", "Não podemos excluí-la antes", "endereço postal", "nunca é condição"]],
    ] as const) {
      const html = unescape(await (await fetch(`${server.url}${path}`)).text());
      expect(html, path).toContain(m.glba.retention);
      expect(html, path).toContain(m.glba.formerCustomers);
      expect(html, path).toContain(m.website.contactChoices);
      for (const word of words) expect(html, `${path}: ${word}`).toContain(word);
      // The old promise of an unnamed "retention period", and of no other companies' cookies, is gone.
      expect(html, path).not.toMatch(
        /retention period our records policy|cookies of other companies|período de conservación que fija|cookies de outras empresas/,
      );
    }
  });
});
