import type { Messages } from "../en";

/** Aviso de privacidade (pt-BR, você). */
export const privacy: Messages["privacy"] = {
  footerLink: "Aviso de privacidade",
  formNotice: "Como usamos e protegemos suas informações:",
  formNoticeLink: "Aviso de privacidade",
  creditConsent: {
    label: (name: string) =>
      `Autorizo a ${name} a obter meu relatório de crédito e o de qualquer segundo proponente, e a compartilhar esta solicitação com bancos e financeiras para intermediar o financiamento da compra do meu veículo.`,
    required: "Você precisa autorizar a consulta de crédito para enviar sua solicitação",
    pdfLabel: "Autorização de crédito",
    pdfValue: (version: string, at: string) => `Aceita (versão do texto de consentimento ${version}) em ${at}`,
    pdfMissing: "Não registrada (solicitação feita antes de o consentimento ser solicitado)",
  },
};
