import { describe, expect, it } from "vitest";
import { parseVehicleIdFromPath, slugSegment, vehiclePath } from "./vehicle-path";

const id = "3f2c1a9e-8b7d-4c6e-9f10-123456789abc";

describe("vehiclePath", () => {
  it("builds /used-{year}-{make}-{model}-fitchburg-ma-01430-{id} in lower case", () => {
    expect(vehiclePath({ id, year: 2018, make: "Honda", model: "Civic" })).toBe(`/used-2018-honda-civic-fitchburg-ma-01430-${id}`);
  });
  it("removes characters other than letters, digits, spaces and hyphens", () => {
    expect(vehiclePath({ id, year: 2020, make: "Mercedes-Benz", model: "C 300 (4MATIC®)" })).toBe(
      `/used-2020-mercedes-benz-c-300-4matic-fitchburg-ma-01430-${id}`,
    );
  });
  it("turns spaces into hyphens and collapses repeated hyphens", () => {
    expect(slugSegment("Land  Rover -- Range   Rover")).toBe("land-rover-range-rover");
    expect(vehiclePath({ id, year: 2015, make: "Ram ", model: " 1500 - Big Horn" })).toBe(
      `/used-2015-ram-1500-big-horn-fitchburg-ma-01430-${id}`,
    );
  });
  it("lower-cases the id", () => {
    expect(vehiclePath({ id: id.toUpperCase(), year: 2018, make: "Kia", model: "Soul" })).toMatch(new RegExp(`${id}$`));
  });
});

describe("parseVehicleIdFromPath", () => {
  it("reads the UUID at the end of the path", () => {
    expect(parseVehicleIdFromPath(`/used-2018-honda-civic-fitchburg-ma-01430-${id}`)).toBe(id);
  });
  it("ignores the query string and fragment", () => {
    expect(parseVehicleIdFromPath(`/used-2018-honda-civic-fitchburg-ma-01430-${id}?utm=x#photos`)).toBe(id);
    expect(parseVehicleIdFromPath(`/used-x-${id}#top`)).toBe(id);
  });
  it("round-trips with vehiclePath", () => {
    expect(parseVehicleIdFromPath(vehiclePath({ id, year: 2009, make: "Toyota", model: "RAV4" }))).toBe(id);
  });
  it("returns null without a UUID at the end", () => {
    expect(parseVehicleIdFromPath("/used-2018-honda-civic")).toBeNull();
    expect(parseVehicleIdFromPath(`/used-${id}-extra`)).toBeNull();
    expect(parseVehicleIdFromPath("/used-2018-honda-civic-3f2c1a9e-8b7d-4c6e-9f10-12345678")).toBeNull();
  });
});
