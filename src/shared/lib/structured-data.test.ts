import { describe, expect, it } from "vitest";
import { options as es } from "~/shared/i18n/es/options";
import { options as pt } from "~/shared/i18n/pt/options";
import { carJsonLd, itemListJsonLd, serializeJsonLd } from "./structured-data";

const vehicle = {
  id: "3f1c2b9e-8d4a-4c1e-9b2a-1234567890ab",
  year: 2018,
  make: "Honda",
  model: "Civic",
  price: 14995,
  mileage: 62000,
  transmission: "Automatic",
  drivetrain: "FWD",
  bodyStyle: "Sedan",
  exteriorColor: "Blue",
  vin: "1HGCM82633A004352",
  images: ["/images/abc-1200.jpg"],
};

describe("structured data", () => {
  it("describes a Car with an in-stock USD offer sold by the dealer", () => {
    const car = carJsonLd(vehicle, "https://cars.example");
    expect(car).toMatchObject({
      "@type": "Car",
      name: "2018 Honda Civic",
      brand: { name: "Honda" },
      model: "Civic",
      vehicleModelDate: "2018",
      mileageFromOdometer: { value: 62000, unitCode: "SMI" },
      vehicleTransmission: "Automatic",
      driveWheelConfiguration: "FWD",
      bodyType: "Sedan",
      color: "Blue",
      vehicleIdentificationNumber: "1HGCM82633A004352",
      image: ["https://cars.example/images/abc-1200.jpg"],
      url: `https://cars.example/used-2018-honda-civic-fitchburg-ma-01430-${vehicle.id}`,
      offers: {
        "@type": "Offer",
        price: 14995,
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        seller: { "@type": "AutoDealer", "@id": "https://cars.example/#dealership", address: { postalCode: "01430" } },
      },
    });
  });

  it("offers a sale-pending vehicle as Reserved, not InStock", () => {
    expect(carJsonLd({ ...vehicle, status: "pending" }, "https://cars.example").offers.availability).toBe("https://schema.org/Reserved");
    expect(carJsonLd({ ...vehicle, status: "available" }, "https://cars.example").offers.availability).toBe("https://schema.org/InStock");
  });

  it("numbers ItemList entries from 1", () => {
    const list = itemListJsonLd([vehicle, { ...vehicle, id: vehicle.id.replace("3f", "4f") }], "https://cars.example");
    expect(list.itemListElement.map((e) => e.position)).toEqual([1, 2]);
    expect(list.numberOfItems).toBe(2);
  });

  it("describes the dealership once in an ItemList; the other offers name it and refer to it by @id", () => {
    const list = itemListJsonLd([vehicle, vehicle, vehicle], "https://cars.example");
    const [first, ...others] = list.itemListElement.map((e) => e.item.offers.seller);
    expect(first).toMatchObject({
      "@id": "https://cars.example/#dealership",
      telephone: expect.any(String),
      address: { postalCode: "01430" },
    });
    for (const seller of others) {
      expect(seller).toEqual({ "@type": "AutoDealer", "@id": "https://cars.example/#dealership", name: first!.name });
    }
  });

  it("cannot close its script element", () => {
    expect(serializeJsonLd({ x: "</script><script>alert(1)</script>" })).not.toContain("<");
  });

  it("names the car and its body style, colour, transmission and drive in the page's language (language review B12)", () => {
    expect(carJsonLd(vehicle, "https://cars.example", "es", undefined, es)).toMatchObject({
      name: "Honda Civic 2018",
      bodyType: es.bodyStyle.Sedan,
      color: es.color.Blue,
      vehicleTransmission: es.transmission.Automatic,
    });
    expect(es.color.Blue).not.toBe("Blue");
    const list = itemListJsonLd([vehicle], "https://cars.example", "pt", pt);
    expect(list.itemListElement[0]!.item).toMatchObject({ name: "Honda Civic 2018", color: pt.color.Blue, bodyType: pt.bodyStyle.Sedan });
  });
});
