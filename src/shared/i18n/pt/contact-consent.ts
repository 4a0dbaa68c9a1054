import type { ContactConsentMessages } from "../en/contact-consent";

export const contactConsent: ContactConsentMessages = {
  label: (dealer: string) =>
    `Autorizo a ${dealer} a me ligar e a me enviar mensagens de texto no telefone que informei, inclusive com tecnologia automatizada e mensagens pré-gravadas, sobre a minha solicitação e sobre veículos e ofertas. Esta autorização não é condição para nenhuma compra. Podem ser cobradas tarifas de mensagens e dados; posso responder STOP a qualquer momento.`,
  hint: "Opcional. Responderemos por e-mail de qualquer forma.",
};
