import { describe, expect, it } from "vitest";
import { readEnv } from "~/server/env.server";
import { businessProfile } from "~/shared/config/business-profile";
import { alertDigestMail, type DigestSection } from "./alert-mails.server";
import type { AlertVehicle } from "./alert-vehicles.server";

const civic: AlertVehicle = {
  id: "0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11",
  year: 2019,
  make: "Honda",
  model: "Civic",
  bodyStyle: "Sedan",
  path: "/used-2019-honda-civic-fitchburg-ma-01430-0d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11",
  price: 17494,
  mileage: 42000,
  status: "available",
  listed: true,
  photo: { src: "/images/abc-1200.jpg", srcSet: "", width: 1200, height: 900 },
};
const token = "A".repeat(43);
const mail = (publicUrl: string, sections: DigestSection[], locale: "en" | "pt" = "pt") =>
  alertDigestMail(readEnv({ PUBLIC_URL: publicUrl }), { email: "ana@example.com", locale, customerId: "c1", manageToken: token, sections });

describe("an alert digest (docs/behaviour.md §21)", () => {
  it("in the shopper's language: both prices, the photo, the tagged link, the postal address, manage and unsubscribe links", () => {
    const m = mail("https://www.dealer.example", [{ kind: "price-drop", vehicle: civic, from: 18994, to: 17494, basis: "saved" }]);
    expect(m.subject).toBe("Baixou o preço: Honda Civic 2019, agora US$\u00a017.494");
    expect(m.text).toContain("Agora US$\u00a017.494. Você salvou por US$\u00a018.994.");
    expect(m.text).toContain(`https://www.dealer.example/pt${civic.path}?utm_source=alert&utm_medium=email&utm_campaign=price-drop`);
    expect(m.html).toContain('<img src="https://www.dealer.example/images/abc-1200.jpg" alt="Foto do Honda Civic 2019"');
    expect(m.html).toContain('lang="pt-BR"');
    const a = businessProfile.address;
    expect(m.text).toContain(`${a.street}, ${a.city}, ${a.region} ${a.postalCode}`);
    expect(m.text).toContain(`https://www.dealer.example/pt/alerts/${token}`);
    expect(m.headers).toEqual({
      "List-Unsubscribe": `<https://www.dealer.example/pt/alerts/${token}/unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(m).toMatchObject({ kind: "alert-digest", relatedType: "customer", relatedId: "c1", replyTo: businessProfile.email });
  });

  it("offers one-click only with an https URL (RFC 8058 §3.1), the List-Unsubscribe link always (RFC 2369)", () => {
    const m = mail("http://localhost:3000", [{ kind: "pending", vehicle: civic }], "en");
    expect(m.headers).toEqual({ "List-Unsubscribe": `<http://localhost:3000/alerts/${token}/unsubscribe>` });
    expect(m.subject).toBe("Sale pending: 2019 Honda Civic");
  });

  it("gathers several events under one subject, a sold car with its similar ones", () => {
    const accord = { ...civic, id: "1d3c6a52-8f1e-4a53-9b7e-2f0d8c1a9b11", year: 2020, model: "Accord", path: "/used-2020-honda-accord-x" };
    const m = mail(
      "https://www.dealer.example",
      [
        { kind: "sold", vehicle: civic, similar: [accord] },
        { kind: "new-match", vehicle: accord, search: "Honda · até US$\u00a020.000" },
      ],
      "pt",
    );
    expect(m.subject).toBe("2 novidades sobre os veículos que você salvou");
    expect(m.text).toContain("Este veículo foi vendido.");
    expect(m.text).toContain("VEÍCULOS PARECIDOS À VENDA");
    expect(m.text).toContain("Novidade no nosso pátio, de acordo com a sua busca Honda · até US$\u00a020.000:");
    expect(m.text).toContain("utm_campaign=new-match");
  });
});
