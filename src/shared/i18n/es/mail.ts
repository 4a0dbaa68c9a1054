import type { MailMessages } from "../en/mail";

/**
 * The shopper's mails and the booking manage page in US Spanish, formal "usted" (see ../en/mail.ts).
 * Staff mails stay English, so only the shopper's parts are translated.
 */
export const mail: Pick<MailMessages, "shopper" | "manage" | "optOut"> = {
  shopper: {
    contactSubject: (dealer: string) => `Recibimos su mensaje — ${dealer}`,
    contactHeading: (firstName: string) => `Gracias, ${firstName}`,
    contactBody: (phone: string) => `Recibimos su mensaje y le responderemos muy pronto. Si es urgente, llámenos al ${phone}.`,
    aboutVehicle: (vehicle: string) => `Su mensaje es sobre el ${vehicle}.`,
    financingVehicle: (vehicle: string) => `Vehículo: ${vehicle}`,
    replyHint: "Puede responder a este correo para comunicarse con nosotros.",
    financingSubject: (dealer: string) => `Recibimos su solicitud de financiamiento — ${dealer}`,
    financingHeading: (firstName: string) => `Gracias, ${firstName}`,
    financingBody: (phone: string) =>
      `Recibimos su solicitud de financiamiento. Alguien de nuestro equipo se comunicará con usted pronto. ¿Tiene preguntas? Llámenos al ${phone}.`,
    bookingSubject: (service: string, when: string) => `Su cita: ${service}, ${when}`,
    bookingHeading: (firstName: string) => `${firstName}, reservamos su horario`,
    bookingBody:
      "Reservamos este horario para su cita de servicio y pronto nos comunicaremos con usted para confirmarla. Le adjuntamos el archivo para su calendario.",
    manageLink: "Ver o cancelar su cita",
    reminderSubject: (service: string, when: string) => `Recordatorio: ${service} mañana, ${when}`,
    reminderHeading: (firstName: string) => `Nos vemos mañana, ${firstName}`,
    reminderBody: "Le recordamos su cita de servicio.",
    confirmedSubject: (service: string, when: string) => `Confirmada: ${service}, ${when}`,
    confirmedHeading: (firstName: string) => `${firstName}, su cita está confirmada`,
    confirmedBody:
      "Nuestro equipo confirmó su cita de servicio. Será un gusto atenderlo. Le adjuntamos el archivo actualizado para su calendario.",
    cancelledSubject: (service: string, when: string) => `Cancelada: ${service}, ${when}`,
    cancelledHeading: (firstName: string) => `${firstName}, su cita quedó cancelada`,
    cancelledByShopperBody:
      "Tal como lo pidió, cancelamos su cita de servicio y el horario quedó libre. El archivo adjunto la quita de su calendario.",
    cancelledByStaffBody: (phone: string) =>
      `Lo sentimos: tuvimos que cancelar su cita de servicio. El archivo adjunto la quita de su calendario. Llámenos al ${phone} y le buscamos otro horario.`,
    bookAgainLink: "Reservar otra cita",
    fields: {
      service: "Servicio",
      date: "Fecha",
      time: "Hora",
      address: "Dirección",
      phone: "Teléfono",
    },
    transactional: "Recibe este correo porque se comunicó con nosotros a través de nuestro sitio web. No enviamos correos publicitarios.",
    optOutLine: "¿No desea recibir noticias nuestras? Suspenda nuestros correos, llamadas o mensajes de texto aquí:",
    optOutLineAfterAlerts: "Para suspender todos nuestros correos, llamadas y mensajes de texto, no solo estas alertas:",
  },
  optOut: {
    metaTitle: (dealer: string) => `Dejar de recibir noticias nuestras | ${dealer}`,
    title: "Dejar de recibir noticias nuestras",
    intro: (dealer: string, email: string) => `Elija cómo ${dealer} ya no debe comunicarse con usted. Este enlace se envió a ${email}.`,
    legend: "No me contacten por",
    channels: { email: "Correo electrónico", phone: "Llamadas", text: "Mensajes de texto" },
    refused: "ya está suspendido",
    submit: "Dejar de contactarme",
    done: "Listo. No volveremos a comunicarnos con usted por esta vía. Si más adelante nos pide algo, igual le responderemos.",
    none: "Marque al menos una opción.",
    notFound: "Este enlace no funciona. Revise que esté completo o llámenos.",
    questions: (phone: string) => `¿Cambió de opinión o tiene una pregunta? Llámenos al ${phone}.`,
  },
  manage: {
    metaTitle: (dealer: string) => `Su cita | ${dealer}`,
    title: "Su cita de servicio",
    heading: "Su cita",
    status: "Estado",
    statuses: { pending: "Reservada", confirmed: "Confirmada", cancelled: "Cancelada" },
    cancel: "Cancelar esta cita",
    cancelHint: "Al cancelar, el horario queda libre de inmediato para otros clientes.",
    cancelledNow: "Su cita quedó cancelada. Lamentamos no poder verlo esta vez.",
    alreadyCancelled: "Esta cita está cancelada.",
    past: "La hora de esta cita ya pasó, así que ya no se puede cancelar.",
    notFound: "No encontramos esta cita. Revise que el enlace esté completo o llámenos.",
    bookAgain: "Reservar otra cita",
    questions: (phone: string) => `¿Tiene preguntas o cambió de planes? Llámenos al ${phone}.`,
  },
};
