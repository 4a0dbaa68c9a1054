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
    pdfLabel: "Autorização de crédito",
    pdfValue: (version: string, at: string) => `Aceita (versão do texto de consentimento ${version}) em ${at}`,
    pdfMissing: "Não registrada (solicitação feita antes de o consentimento ser solicitado)",
  },
  coApplicantConsent: {
    label: (name: string) =>
      `Como segundo proponente, autorizo a ${name} a obter meu relatório de crédito e a compartilhar esta solicitação com bancos e financeiras para intermediar o financiamento da compra deste veículo. Declaro que as informações sobre mim nesta solicitação são verdadeiras e completas. Minha assinatura nesta solicitação confirma esta autorização e esta declaração.`,
    required: "O segundo proponente precisa autorizar a própria consulta de crédito",
    pdfLabel: "Autorização de crédito do segundo proponente",
    pdfMissing: "Não registrada (a autorização própria do segundo proponente é pedida desde a versão 2026-11-28 do texto)",
  },
  signedText: (version: string) => `Assinado sob este texto (versão ${version}):`,
};
