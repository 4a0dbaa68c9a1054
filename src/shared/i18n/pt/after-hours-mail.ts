import type { AfterHoursMailMessages } from "../en/after-hours-mail";

export const afterHoursMail: AfterHoursMailMessages = {
  subject: (dealer: string) => `Estamos fechados no momento — responderemos assim que abrirmos — ${dealer}`,
  heading: (firstName: string) => `Obrigado, ${firstName}`,
  body: (opening: string) =>
    `Recebemos sua mensagem fora do nosso horário de atendimento. Abrimos ${opening}, e responderemos assim que abrirmos.`,
  // "na segunda-feira, 30 de novembro, às 8h30" ("no sábado", "no domingo"; "1º de"; "à 1h").
  opening: (day: string, time: string) =>
    `${/^(sábado|domingo)/.test(day) ? "no" : "na"} ${day.replace(/ 1 de /, " 1º de ")}, ${/^1h/.test(time) ? "à" : "às"} ${time}`,
  callHint: (phone: string) => `Se for urgente, ligue para ${phone} assim que abrirmos ou responda a este e-mail.`,
};
