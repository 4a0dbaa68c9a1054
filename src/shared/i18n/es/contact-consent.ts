import type { ContactConsentMessages } from "../en/contact-consent";

export const contactConsent: ContactConsentMessages = {
  label: (dealer: string) =>
    `Acepto que ${dealer} me llame y me envíe mensajes de texto al número de teléfono que indiqué, incluso con tecnología automatizada y mensajes pregrabados, sobre mi solicitud y sobre vehículos y ofertas. Mi consentimiento no es una condición para comprar nada. Pueden aplicarse tarifas de mensajes y datos; puedo responder STOP en cualquier momento.`,
  hint: "Opcional. Le responderemos por correo de todos modos.",
};
