import { describe, expect, it } from "vitest";
import { canonicalSearch, describeSearch } from "./search-description";

describe("saved searches", () => {
  it("are stored in one form: the inventory's filters, each once, in its order, unknown ones dropped", () => {
    expect(canonicalSearch("maxPrice=20000&make=Honda&utm_source=x&make=Ford")).toBe("make=Honda&maxPrice=20000");
    expect(canonicalSearch("")).toBe("");
  });

  it("read in the shopper's language", () => {
    const query = "search=civic&make=Honda&bodyStyle=Sedan&minYear=2018&maxPrice=20000&maxMileage=60000";
    expect(describeSearch(query, "en")).toBe("“civic” · Honda · Sedan · 2018 or newer · up to $20,000 · up to 60,000 mi");
    expect(describeSearch(query, "pt")).toBe("“civic” · Honda · Sedã · 2018 ou mais novo · até US$\u00a020.000 · até 60.000 milhas");
    expect(describeSearch("minPrice=10000&maxPrice=15000", "es")).toBe("$10,000–$15,000");
    expect(describeSearch("", "es")).toBe("Todos los vehículos");
  });
});
