import { describe, expect, it } from "vitest";
import { rememberLocale } from "./language-choice";
import { LOCALE_COOKIE, LOCALES } from "./locales";
import { rememberLocaleOnClick, rememberLocaleScript } from "./remember-language";

/** A document with one link inside a switcher, and the cookie the code writes. */
function fakeDocument(link: { remember?: string }) {
  const written: string[] = [];
  let onClick: ((event: { target: unknown }) => void) | undefined;
  class FakeElement {
    dataset = { rememberLocale: link.remember };
    closest(selector: string) {
      return selector === "a[data-remember-locale]" && link.remember !== undefined ? this : null;
    }
  }
  const document = {
    set cookie(value: string) {
      written.push(value);
    },
    addEventListener: (type: string, listener: (event: { target: unknown }) => void) => {
      if (type === "click") onClick = listener;
    },
  };
  return { document, Element: FakeElement, written, click: () => onClick!({ target: new FakeElement() }) };
}

describe("the language switcher's memory on a page that does not hydrate whole (decision 158)", () => {
  it("writes, for a link that names a language, the cookie rememberLocale writes", () => {
    for (const locale of LOCALES) {
      const inline = fakeDocument({ remember: locale });
      Object.assign(globalThis, { document: inline.document, Element: inline.Element });
      rememberLocaleOnClick();
      inline.click();
      const router = fakeDocument({});
      Object.assign(globalThis, { document: router.document });
      rememberLocale(locale);
      expect(inline.written).toEqual(router.written);
      expect(inline.written[0]).toMatch(new RegExp(`^${LOCALE_COOKIE}=${locale};`));
    }
  });

  it("writes nothing for another link, or a language it does not know", () => {
    for (const remember of [undefined, "fr", "es; Domain=evil.example"]) {
      const fake = fakeDocument({ remember });
      Object.assign(globalThis, { document: fake.document, Element: fake.Element });
      rememberLocaleOnClick();
      fake.click();
      expect(fake.written).toEqual([]);
    }
  });

  it("runs by its source text, with nothing from the module around it", () => {
    expect(rememberLocaleScript()).toMatch(/^\(function rememberLocaleOnClick\(\) \{[\s\S]*\}\)\(\);$/);
    expect(rememberLocaleScript()).not.toMatch(/import|require\(/);
  });
});
