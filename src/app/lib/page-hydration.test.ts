import { describe, expect, it } from "vitest";
import { documentHydration } from "~/app/lib/page-hydration";
import { routeIdsHydrating } from "~/app/route-manifest.test-helper";

const inEveryLanguage = (pages: string[]) => ["routes", "es", "pt"].flatMap((prefix) => pages.map((page) => `${prefix}/${page}`)).sort();

describe("how much of a page hydrates (decisions 149, 151-155, 158)", () => {
  it("never: the pages whose content never changes after load, in every language, and no other", async () => {
    const pages = [
      "about",
      "privacy",
      "not-found",
      "opt-out",
      "alerts-confirm",
      "alerts-unsubscribe",
      "booking-manage",
      "trade-in-offer",
      "deal-sheet",
      "deal",
      "alerts-manage",
      "alerts",
      "saved",
    ];
    expect((await routeIdsHydrating("never")).sort()).toEqual(inEveryLanguage(pages));
  });

  it("only its islands: every other public page (home, contact, inventory, vehicle, financing, trade-in, booking), in every language", async () => {
    const pages = [
      "home",
      "contact",
      "inventory",
      // Decision 153: their forms post as documents; the SSN, signatures, files and photos are islands.
      "financing",
      "trade-in",
      // Decision 155: the gallery is an island; the estimate, the message form and the heart are forms.
      "vehicle",
      // Decision 158: the wizard is an island; its form posts as a document.
      "booking",
    ];
    expect((await routeIdsHydrating("islands")).sort()).toEqual(inEveryLanguage(pages));
  });

  it("a document hydrates whole unless a matched route asks for less, and then as the least any asks", () => {
    expect(documentHydration([])).toBe("whole");
    expect(documentHydration([undefined, { handle: { locale: "en" } }, { handle: undefined }])).toBe("whole");
    expect(documentHydration([{ handle: { locale: "en" } }, { handle: { hydrate: false } }])).toBe("never");
    expect(documentHydration([{ handle: { locale: "en" } }, { handle: { hydrate: "islands" } }])).toBe("islands");
    expect(documentHydration([{ handle: { hydrate: "islands" } }, { handle: { hydrate: false } }])).toBe("never");
    expect(documentHydration([{ handle: { hydrate: true } }])).toBe("whole");
  });
});
