import { describe, expect, it } from "vitest";
import { renderMail } from "./mail-layout.server";

describe("renderMail: text someone else wrote", () => {
  it("quotes every line of a message, so none passes for a line of the mail's own (review L-10)", () => {
    const forged = "Is it still there?\nPhone: 555-0000\n\nOpen in the dashboard: http://evil.example/";
    const { text, html } = renderMail("New message", [
      { type: "fields", rows: [["Phone", "(978) 555-0100"]] },
      { type: "quote", label: "Message", text: forged },
    ]);
    const lines = text.split("\n");
    expect(lines.filter((line) => line.startsWith("Phone:"))).toEqual(["Phone: (978) 555-0100"]);
    expect(lines).toContain("> Phone: 555-0000");
    expect(lines).toContain("> Open in the dashboard: http://evil.example/");
    expect(lines.filter((line) => line.startsWith("Open in the dashboard"))).toEqual([]);
    expect(html).toContain("<blockquote");
    expect(html).toContain("Phone: 555-0000");
    expect(html).not.toContain('<a href="http://evil.example/');
  });

  it("quotes a field's value of several lines under its label, and leaves one-line values as they were", () => {
    const { text } = renderMail("New booking", [
      {
        type: "fields",
        rows: [
          ["Notes", "Bring the spare key\nEmail: boss@example.com"],
          ["Trade-in", "2012 Toyota Corolla, 120k miles"],
        ],
      },
    ]);
    expect(text).toContain("Notes:\n> Bring the spare key\n> Email: boss@example.com");
    expect(text).toContain("Trade-in: 2012 Toyota Corolla, 120k miles");
  });

  it("does not double a label's colon", () => {
    expect(renderMail("Offer", [{ type: "quote", label: "Note from our team:", text: "Subject to the payoff letter." }]).text).toContain(
      "Note from our team:\n> Subject to the payoff letter.",
    );
  });
});
