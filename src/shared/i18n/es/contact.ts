import type { Messages } from "../en";

/** The contact form in US Spanish (see ../en/contact.ts). */
export const contact: Messages["contact"] = {
  errors: {
    firstName: "Ingrese su nombre",
    lastName: "Ingrese su apellido",
    email: "Ingrese un correo electrónico válido",
    phone: "Ingrese un número de teléfono válido",
    message: "El mensaje debe tener al menos 10 caracteres",
    vehicleId: "Vehículo no válido",
  },
  labels: {
    firstName: "Nombre",
    lastName: "Apellido",
    email: "Correo electrónico",
    phone: "Teléfono",
    message: "Mensaje",
    hasTradeIn: "Tengo un vehículo para dar como parte de pago",
    honeypot: "Deje este campo vacío",
  },
  placeholders: {
    firstName: "Juan",
    lastName: "Pérez",
    email: "juan@example.com",
    phone: "(555) 123-4567",
    message: "¿En qué le podemos ayudar?",
  },
  send: "Enviar mensaje",
  sending: "Enviando...",
  toasts: {
    successTitle: "¡Mensaje enviado!",
    successText: "Le responderemos muy pronto.",
    failureTitle: "Error",
    failureText: "No se pudo enviar el mensaje. Inténtelo de nuevo.",
  },
  posted: {
    fixFields: "Corrija los campos señalados.",
    tooLarge: "Su mensaje es demasiado largo para enviarlo. Acórtelo e inténtelo de nuevo.",
  },
  api: {
    tooMany: "Demasiados mensajes. Espere unos minutos e inténtelo de nuevo.",
  },
  vehicleQuestion: (year: number, make: string, model: string) =>
    `Hola, me interesa el ${make} ${model} ${year}. ¿Todavía está disponible?`,
};
