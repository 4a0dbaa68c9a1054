import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies.server";

const withCookie = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } });

describe("readCookie", () => {
  it("finds one cookie among several and decodes it", () => {
    expect(readCookie(withCookie("a=1; admin_session=abc%20def; b=2"), "admin_session")).toBe("abc def");
    expect(readCookie(withCookie("a=1;b=2"), "b")).toBe("2");
  });

  it("is null when the header or the cookie is absent", () => {
    expect(readCookie(withCookie(), "a")).toBeNull();
    expect(readCookie(withCookie(""), "a")).toBeNull();
    expect(readCookie(withCookie("a=1; admin_session"), "admin_session")).toBeNull();
    expect(readCookie(withCookie("admin_sessionx=1"), "admin_session")).toBeNull();
  });

  it("treats a malformed %-escape as no cookie, not the raw value", () => {
    expect(readCookie(withCookie("admin_session=%E0%A4%A"), "admin_session")).toBeNull();
    expect(readCookie(withCookie("financing_pdf=%"), "financing_pdf")).toBeNull();
  });

  it("takes the first of duplicate names", () => {
    expect(readCookie(withCookie("admin_session=; admin_session=x"), "admin_session")).toBe("");
    expect(readCookie(withCookie("s=first; s=second"), "s")).toBe("first");
  });
});
