import type { Messages } from "../en";

/** Aviso de privacidad (es-US, usted). */
export const privacy: Messages["privacy"] = {
  footerLink: "Aviso de privacidad",
  formNotice: "Cómo usamos y protegemos su información:",
  formNoticeLink: "Aviso de privacidad",
  creditConsent: {
    label: (name: string) =>
      `Autorizo a ${name} a obtener mi informe de crédito y el de cualquier cosolicitante, y a compartir esta solicitud con prestamistas y compañías financieras para gestionar el financiamiento de la compra de mi vehículo.`,
    required: "Debe autorizar la consulta de crédito para enviar su solicitud",
    pdfLabel: "Autorización de crédito",
    pdfValue: (version: string, at: string) => `Aceptada (versión del texto de consentimiento ${version}) el ${at}`,
    pdfMissing: "No registrada (solicitud hecha antes de que se pidiera el consentimiento)",
  },
};
