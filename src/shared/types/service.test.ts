import { describe, expect, it } from "vitest";
import { localizeService, type ServiceRecord } from "./service";

const oil: ServiceRecord = {
  id: "a",
  name: "Oil Change",
  description: "Full synthetic oil and filter change.",
  duration: 30,
  price: 59,
  availableDays: ["monday"],
  availableTimes: ["09:00"],
  translations: {
    es: { name: "Cambio de aceite", description: null },
    pt: { name: null, description: null },
  },
};

describe("localizeService (decision 068)", () => {
  it("gives the English text in English, with no language marks and no translations", () => {
    expect(localizeService(oil, "en")).toEqual({
      id: "a",
      name: "Oil Change",
      description: "Full synthetic oil and filter change.",
      duration: 30,
      price: 59,
      availableDays: ["monday"],
      availableTimes: ["09:00"],
    });
  });
  it("falls back to English field by field, marking each fallback lang=en", () => {
    const spanish = localizeService(oil, "es");
    expect(spanish).toMatchObject({
      name: "Cambio de aceite",
      description: "Full synthetic oil and filter change.",
      descriptionLang: "en",
    });
    expect(spanish.nameLang).toBeUndefined();
    expect(localizeService(oil, "pt")).toMatchObject({ name: "Oil Change", nameLang: "en", descriptionLang: "en" });
  });
});
