import type { Messages } from "../en";

/** Aviso de privacidad (es-US, usted). */
export const privacy: Messages["privacy"] = {
  footerLink: "Aviso de privacidad",
  formNotice: "Cómo usamos y protegemos su información:",
  formNoticeLink: "Aviso de privacidad",
  creditConsent: {
    label: (name: string) =>
      `Autorizo a ${name} a obtener mi informe de crédito y a compartir esta solicitud con prestamistas y compañías financieras para gestionar el financiamiento de la compra de mi vehículo. Certifico que la información que doy en esta solicitud es verdadera y completa. Mi firma en esta solicitud confirma esta autorización y esta certificación.`,
    required: "Debe autorizar la consulta de crédito para enviar su solicitud",
  },
  coApplicantConsent: {
    label: (name: string) =>
      `Como cosolicitante, autorizo a ${name} a obtener mi informe de crédito y a compartir esta solicitud con prestamistas y compañías financieras para gestionar el financiamiento de la compra de este vehículo. Certifico que la información sobre mí en esta solicitud es verdadera y completa. Mi firma en esta solicitud confirma esta autorización y esta certificación.`,
    required: "El cosolicitante debe autorizar su propia consulta de crédito",
  },
};
