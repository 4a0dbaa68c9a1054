import { describe, expect, it } from "vitest";
import { canonicalFeatureName, FEATURE_CATALOGUE, featureKeyOf, featureNames, storedFeatures } from "./vehicle-features";

describe("the feature catalogue (decision 069)", () => {
  it("holds at least 60 standard options, each with a kebab-case key and a name in English, Spanish and Portuguese", () => {
    expect(FEATURE_CATALOGUE.length).toBeGreaterThanOrEqual(60);
    expect(new Set(FEATURE_CATALOGUE.map((f) => f.key)).size).toBe(FEATURE_CATALOGUE.length);
    for (const feature of FEATURE_CATALOGUE) {
      expect(feature.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const name of Object.values(feature.names)) expect(name.trim()).not.toBe("");
    }
    for (const key of ["heated-seats", "blind-spot-monitoring", "third-row-seating", "apple-carplay"]) {
      expect(featureNames(key).key).toBe(key);
    }
  });

  it("never gives two options the same name in any language, so a typed name means one key", () => {
    for (const feature of FEATURE_CATALOGUE) {
      for (const name of Object.values(feature.names)) expect(featureKeyOf(name), `${feature.key}: ${name}`).toBe(feature.key);
    }
  });

  it("stores names as keys in any case and language, keeps custom features as typed and drops repeats", () => {
    expect(storedFeatures(["heated seats", "Asientos con calefacción", "Heated Seats", "Bancos aquecidos"])).toEqual(["heated-seats"]);
    expect(storedFeatures(["Blind-Spot monitoring", "Winter tires on steel rims", "apple-carplay"])).toEqual([
      "blind-spot-monitoring",
      "Winter tires on steel rims",
      "apple-carplay",
    ]);
    expect(canonicalFeatureName("third row seating")).toBe("Third-Row Seating");
    expect(canonicalFeatureName("Winter tires")).toBe("Winter tires");
    expect(featureNames("Winter tires")).toEqual({ key: null, en: "Winter tires", es: "Winter tires", pt: "Winter tires" });
    expect(featureNames("heated-seats")).toEqual({
      key: "heated-seats",
      en: "Heated Seats",
      es: "Asientos con calefacción",
      pt: "Bancos aquecidos",
    });
  });
});
