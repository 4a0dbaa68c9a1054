import type { Messages } from "../en";

/** The contact form in Brazilian Portuguese (see ../en/contact.ts). */
export const contact: Messages["contact"] = {
  errors: {
    firstName: "Informe seu nome",
    lastName: "Informe seu sobrenome",
    email: "Informe um e-mail válido",
    phone: "Informe um telefone válido",
    message: "A mensagem deve ter pelo menos 10 caracteres",
    vehicleId: "Veículo inválido",
  },
  labels: {
    firstName: "Nome",
    lastName: "Sobrenome",
    email: "E-mail",
    phone: "Telefone",
    message: "Mensagem",
    hasTradeIn: "Tenho um veículo para dar na troca",
    honeypot: "Deixe este campo em branco",
  },
  placeholders: {
    firstName: "João",
    lastName: "Silva",
    email: "joao@example.com",
    phone: "(555) 123-4567",
    message: "Como podemos ajudar você?",
  },
  send: "Enviar mensagem",
  sending: "Enviando...",
  toasts: {
    successTitle: "Mensagem enviada!",
    successText: "Retornaremos em breve.",
    failureTitle: "Erro",
    failureText: "Não foi possível enviar a mensagem. Tente novamente.",
  },
  posted: {
    fixFields: "Corrija os campos destacados.",
    tooLarge: "Sua mensagem é longa demais para enviar. Encurte-a e tente novamente.",
  },
  api: {
    tooMany: "Muitas mensagens. Aguarde alguns minutos e tente novamente.",
  },
  vehicleQuestion: (year: number, make: string, model: string) =>
    `Olá, tenho interesse no ${make} ${model} ${year}. Ele ainda está disponível?`,
};
