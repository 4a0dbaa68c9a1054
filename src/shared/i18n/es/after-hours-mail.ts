import type { AfterHoursMailMessages } from "../en/after-hours-mail";

export const afterHoursMail: AfterHoursMailMessages = {
  subject: (dealer: string) => `En este momento estamos cerrados; le responderemos en cuanto abramos — ${dealer}`,
  heading: (firstName: string) => `Gracias, ${firstName}`,
  body: (opening: string) =>
    `Recibimos su mensaje fuera de nuestro horario de atención. Abrimos ${opening} y le responderemos en cuanto abramos.`,
  // "el lunes 30 de noviembre a las 8:30 a. m.", and "a la 1 p. m." for one o'clock.
  opening: (day: string, time: string) => `el ${day.replace(",", "")} ${/^1(?!\d)/.test(time) ? "a la" : "a las"} ${time}`,
  callHint: (phone: string) => `Si es urgente, llámenos al ${phone} en cuanto abramos o responda a este correo.`,
};
