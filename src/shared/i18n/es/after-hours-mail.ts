import type { AfterHoursMailMessages } from "../en/after-hours-mail";

export const afterHoursMail: AfterHoursMailMessages = {
  subject: (dealer: string) => `Ahora estamos cerrados: le responderemos al abrir — ${dealer}`,
  heading: (firstName: string) => `Gracias, ${firstName}`,
  body: (opening: string) => `Recibimos su solicitud mientras estamos cerrados. Abrimos ${opening} y le responderemos entonces.`,
  opening: (day: string, time: string) => `el ${day} a las ${time}`,
  callHint: (phone: string) => `Si no puede esperar, llámenos al ${phone} cuando estemos abiertos, o responda a este correo.`,
};
