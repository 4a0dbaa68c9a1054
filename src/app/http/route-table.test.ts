import { describe, expect, it } from "vitest";
import { routeManifestFromConfig } from "~/app/route-manifest.test-helper";
import { matchRoutes } from "react-router";
import { createRouteTable, matcherByFirstWord, nestedRoutes } from "./route-table.server";

const table = createRouteTable(routeManifestFromConfig());
const VEHICLE = "used-2020-honda-civic-fitchburg-ma-01430-0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11";
const TOKEN = "dZvfA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8pxk";

describe("the route table's canonical paths (decision 087)", () => {
  it.each([
    ["/", "/"],
    ["/contact", "/contact"],
    ["/%63ontact", "/contact"],
    ["/c%6Fntact", "/contact"],
    ["/CONTACT", "/contact"],
    ["//contact", "/contact"],
    ["/contact/", "/contact"],
    ["/contact//", "/contact"],
    ["/%74rade-in", "/trade-in"],
    ["/trade%2Din", "/trade-in"],
    ["/ES/Contact", "/es/contact"],
    ["/es/%63ontact", "/es/contact"],
    ["/es/", "/es"],
    ["/PT", "/pt"],
    ["/contact.data", "/contact.data"],
    ["/%63ontact.data", "/contact.data"],
    ["/CONTACT.data", "/contact.data"],
    ["/_.data", "/_.data"],
    ["/es/_.data", "/es.data"],
    ["/es.data", "/es.data"],
    [`/DEAL/${TOKEN}`, `/deal/${TOKEN}`],
    [`/%64eal/${TOKEN}`, `/deal/${TOKEN}`],
    [`/trade-in/%6Fffer/${TOKEN}`, `/trade-in/offer/${TOKEN}`],
    [`/deal/${TOKEN}/SHEET.PDF`, `/deal/${TOKEN}/sheet.pdf`],
    [`/${VEHICLE.toUpperCase()}`, `/${VEHICLE.toUpperCase()}`],
    ["/No-Such/Page/", "/No-Such/Page"],
    ["/trade-in%2Foffer/x", "/trade-in%2Foffer/x"],
    ["/%c3%a9", "/%C3%A9"],
    ["/podium//setup", "/podium/setup"],
    ["/api/admin//vehicles/", "/api/admin/vehicles"],
    ["/images/abc-1200.jpg", "/images/abc-1200.jpg"],
  ])("%s → %s", (path, canonical) => {
    expect(table.canonicalPath(path)).toBe(canonical);
    // A canonical path is its own canonical form.
    expect(table.canonicalPath(canonical)).toBe(canonical);
  });

  it("finds the route React Router runs, for every spelling and language, data requests as their page", () => {
    expect(table.routeOf("/%63ontact")).toMatchObject({ id: "routes/contact", dataRequest: false });
    expect(table.routeOf("/pt/contact.data")).toMatchObject({ id: "pt/contact", dataRequest: true });
    expect(table.routeOf("/")?.id).toBe("routes/home");
    expect(table.routeOf("/_.data")).toMatchObject({ id: "routes/home", dataRequest: true });
    expect(table.routeOf("/es")?.id).toBe("es/home");
    expect(table.routeOf(`/${VEHICLE}`)?.id).toBe("routes/vehicle");
    expect(table.routeOf(`/es/deal/${TOKEN}`)?.id).toBe("es/deal-sheet");
    expect(table.routeOf(`/deal/${TOKEN}/sheet.pdf`)?.id).toBe("routes/deal-sheet-pdf");
    expect(table.routeOf("/podium/setup")?.id).toBe("routes/podium-setup");
    expect(table.routeOf("/a/b/c")?.id).toBe("routes/not-found");
  });

  it("says which documents the cache holds, which pages hold a token and which are a shopper's landing", () => {
    const cached = (path: string) => Boolean(table.routeOf(path)?.policy.cachedDocument);
    for (const path of [
      "/",
      "/inventory",
      "/es",
      "/pt/inventory",
      "/financing",
      "/es/booking",
      "/pt/contact",
      `/${VEHICLE}`,
      `/es/${VEHICLE}`,
    ]) {
      expect(cached(path), path).toBe(true);
    }
    for (const path of ["/about", "/privacy", "/booking/manage/abc", "/podium", "/fr/inventory", "/inventory/x"]) {
      expect(cached(path), path).toBe(false);
    }
    const token = (path: string) => Boolean(table.routeOf(path)?.policy.tokenInUrl);
    for (const path of [
      "/booking/manage/abcdef",
      "/es/trade-in/offer/abcdef",
      "/pt/deal/abcdef",
      `/deal/${TOKEN}/sheet.pdf`,
      "/podium/setup",
    ]) {
      expect(token(path), path).toBe(true);
      expect(token(path.toUpperCase().replace("/ES/", "/es/")), path).toBe(true);
    }
    for (const path of ["/deal", "/trade-in", "/contact", "/"]) expect(token(path), path).toBe(false);
    const landing = (path: string) => Boolean(table.routeOf(path)?.policy.leadSourceLanding);
    for (const path of ["/", "/inventory", "/es/contact", `/${VEHICLE}`, "/no-such-page"]) expect(landing(path), path).toBe(true);
    for (const path of [
      "/booking/manage/abcdef",
      "/es/trade-in/offer/abcdef",
      "/pt/%64eal/abcdef",
      "/podium",
      "/podium/setup",
      "/feeds/meta-vehicles.csv",
      "/sitemap.xml",
    ]) {
      expect(landing(path), path).toBe(false);
    }
  });

  it("says which pages take secrets, as the opener policy and the data-request redirect read it", () => {
    const isolated = (path: string) => Boolean(table.routeOf(path)?.policy.isolatedFromOpeners);
    for (const path of [
      "/financing",
      "/%66inancing",
      "/es/FINANCING",
      "/pt/financing.data",
      "/podium",
      "/%70odium",
      "/booking/manage/abc",
    ]) {
      expect(isolated(path), path).toBe(true);
    }
    for (const path of ["/", "/contact", "/inventory", "/deal"]) expect(isolated(path), path).toBe(false);
  });
});

describe("matching narrowed by the path's first word (decision 148)", () => {
  const manifest = routeManifestFromConfig();
  const tree = nestedRoutes(manifest);
  const match = matcherByFirstWord(tree);
  const summary = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => [m.route.id, m.params, m.pathname]) ?? null;
  /** Every route's own path with its parameters filled in, in each language, in three spellings. */
  const routePaths = () => {
    const full = (id: string): string => {
      const route = manifest[id]!;
      const parent = route.parentId ? full(route.parentId) : "";
      return [parent, route.path ?? ""].filter(Boolean).join("/");
    };
    return Object.keys(manifest).map(
      (id) =>
        `/${full(id)}`
          .replace(/:[\w]+\??/g, TOKEN)
          .replace(/\*$/, "any/rest")
          .replace(/\/+$/, "") || "/",
    );
  };

  it("finds what React Router's matchRoutes finds over the whole tree, for every route, spelling and stray path", () => {
    const paths = [
      ...routePaths(),
      "/",
      `/${VEHICLE}`,
      `/es/${VEHICLE}`,
      "/images/ab12cd34/1200.jpg",
      "/images",
      "/assets/entry.client-abc.js",
      "/a/b/c",
      "/ES/CONTACT",
      "/%63ontact",
      "/%C3%A9",
      "/Podium/leads",
      "/api/vehicles",
      "/api/no-such",
      "/es/no-such/page",
      "/pt",
    ];
    expect(paths.length).toBeGreaterThan(60);
    for (const path of paths) {
      for (const spelling of [path, path.toUpperCase(), `${path}/extra`]) {
        expect(summary(match(spelling)), spelling).toEqual(summary(matchRoutes(tree, spelling)));
      }
    }
  });

  it("leaves out the routes whose first word is another literal, and keeps parameters and catch-alls", () => {
    // A photo's path meets neither /contact nor /es: only the vehicle page (a parameter) and not-found remain.
    expect(match("/images/ab12cd34/1200.jpg")?.at(-1)?.route.id).toBe("routes/not-found");
    expect(match(`/${VEHICLE}`)?.at(-1)?.route.id).toBe("routes/vehicle");
    expect(match("/contact")?.at(-1)?.route.id).toBe("routes/contact");
  });
});
