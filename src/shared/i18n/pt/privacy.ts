import type { Messages } from "../en";

/** Aviso de privacidade (pt-BR, você). */
export const privacy: Messages["privacy"] = {
  footerLink: "Aviso de privacidade",
  formNotice: "Como usamos e protegemos suas informações:",
  formNoticeLink: "Aviso de privacidade",
  creditConsent: {
    label: (name: string) =>
      `Autorizo a ${name} a obter meu relatório de crédito e a compartilhar esta solicitação com bancos e financeiras para intermediar o financiamento da compra do meu veículo. Declaro que as informações que dou nesta solicitação são verdadeiras e completas. Minha assinatura nesta solicitação confirma esta autorização e esta declaração.`,
    required: "Você precisa autorizar a consulta de crédito para enviar sua solicitação",
  },
  coApplicantConsent: {
    label: (name: string) =>
      `Como segundo proponente, autorizo a ${name} a obter meu relatório de crédito e a compartilhar esta solicitação com bancos e financeiras para intermediar o financiamento da compra deste veículo. Declaro que as informações sobre mim nesta solicitação são verdadeiras e completas. Minha assinatura nesta solicitação confirma esta autorização e esta declaração.`,
    required: "O segundo proponente precisa autorizar a própria consulta de crédito",
  },
};
