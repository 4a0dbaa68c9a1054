import { describe, expect, it } from "vitest";
import { vehicleName } from "./vehicle-name";
import { staffVehicleName } from "./staff-vehicle-name";

const civic = { year: 2021, make: "Honda", model: "Civic", trim: "LX" };

describe("vehicleName: the one way a vehicle is named", () => {
  it("writes the year first in English and after the model in Spanish and Portuguese, the trim when it has one", () => {
    expect(vehicleName(civic, "en")).toBe("2021 Honda Civic LX");
    expect(vehicleName(civic, "es")).toBe("Honda Civic LX 2021");
    expect(vehicleName(civic, "pt")).toBe("Honda Civic LX 2021");
    expect(vehicleName({ ...civic, trim: null }, "es")).toBe("Honda Civic 2021");
    expect(vehicleName({ ...civic, trim: "" })).toBe("2021 Honda Civic");
  });

  it("gives staff screens and mails the English name without the trim, whatever else the record carries", () => {
    expect(staffVehicleName(civic)).toBe("2021 Honda Civic");
    expect(staffVehicleName({ ...civic, vin: "1HGCV1F13MA000001" } as typeof civic)).toBe("2021 Honda Civic");
  });
});
