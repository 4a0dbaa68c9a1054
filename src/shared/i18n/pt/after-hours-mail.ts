import type { AfterHoursMailMessages } from "../en/after-hours-mail";

export const afterHoursMail: AfterHoursMailMessages = {
  subject: (dealer: string) => `Estamos fechados agora: responderemos quando abrirmos — ${dealer}`,
  heading: (firstName: string) => `Obrigado, ${firstName}`,
  body: (opening: string) =>
    `Recebemos sua solicitação enquanto estamos fechados. Abrimos ${opening} e responderemos a você nesse momento.`,
  opening: (day: string, time: string) => `${day}, às ${time}`,
  callHint: (phone: string) => `Se não puder esperar, ligue para ${phone} quando estivermos abertos, ou responda a este e-mail.`,
};
