import { describe, expect, it } from "vitest";
import { isLocalOrigin } from "./public-url.server";

describe("isLocalOrigin (decision 059)", () => {
  it("names this machine's addresses, whatever the port or scheme", () => {
    for (const url of [
      "http://localhost:3000",
      "https://LOCALHOST",
      "http://shop.localhost",
      "http://127.0.0.1:8080",
      "http://127.1.2.3",
      "http://[::1]:3000",
      "http://0.0.0.0:3000",
    ]) {
      expect(isLocalOrigin(url), url).toBe(true);
    }
  });

  it("leaves public origins, look-alikes and unparsable values alone", () => {
    for (const url of ["https://cars.example", "https://localhost.example.com", "https://127.example", "http://10.0.0.5", "not a url"]) {
      expect(isLocalOrigin(url), url).toBe(false);
    }
  });
});
