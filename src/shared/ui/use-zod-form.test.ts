import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsFromIssues, readFormValues, type ControlLike } from "./use-zod-form";

const control = (name: string, type: string, value = "", checked?: boolean, disabled?: boolean): ControlLike => ({
  name,
  type,
  value,
  checked,
  disabled,
});

describe("readFormValues", () => {
  it("reads text, textarea and select values as strings and checkboxes as booleans", () => {
    const values = readFormValues([
      control("firstName", "text", "Ana"),
      control("message", "textarea", "Hello there"),
      control("employmentStatus", "select-one", "employed"),
      control("hasTradeIn", "checkbox", "on", true),
      control("hasCoOwner", "checkbox", "on", false),
      control("website", "text", ""),
    ]);
    expect(values).toEqual({
      firstName: "Ana",
      message: "Hello there",
      employmentStatus: "employed",
      hasTradeIn: true,
      hasCoOwner: false,
      website: "",
    });
  });

  it("keeps only the checked radio and skips buttons, files, unnamed controls (fieldsets) and disabled ones", () => {
    const values = readFormValues([
      control("contact", "radio", "email", false),
      control("contact", "radio", "phone", true),
      control("send", "submit", "Send"),
      control("upload", "file", "C:\\fakepath\\a.png"),
      control("", "fieldset"),
      control("", "text", "typed name"),
      control("locked", "text", "x", undefined, true),
    ]);
    expect(values).toEqual({ contact: "phone" });
  });
});

describe("fieldErrorsFromIssues", () => {
  it("keeps the first message per field and joins nested paths", () => {
    expect(
      fieldErrorsFromIssues([
        { path: ["email"], message: "Valid email is required" },
        { path: ["email"], message: "Too long" },
        { path: ["address", "zip"], message: "ZIP code is required" },
        { path: [], message: "Form-level" },
      ]),
    ).toEqual({ email: "Valid email is required", "address.zip": "ZIP code is required", "": "Form-level" });
  });

  it("turns a real zod schema's issues into one message per field, in schema order", async () => {
    const schema = z.object({
      firstName: z.string().trim().min(1, "First name is required"),
      email: z.email("Valid email is required").max(5, "Too long"),
      hasTradeIn: z.boolean(),
    });
    const result = await schema.safeParseAsync(
      readFormValues([
        control("firstName", "text", " "),
        control("email", "email", "nope-not-an-email"),
        control("hasTradeIn", "checkbox", "on", true),
      ]),
    );
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({ firstName: "First name is required", email: "Valid email is required" });
  });
});
