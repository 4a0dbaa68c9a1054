import type { AlertsMailMessages } from "../en/alerts-mail";

export const alertsMail: AlertsMailMessages = {
  confirmSubject: (dealer: string) => `Confirme sus alertas por correo de ${dealer}`,
  confirmHeading: "Confirme sus alertas por correo electrónico",
  confirmBody: (dealer: string) =>
    `Alguien, esperamos que usted, le pidió a ${dealer} que enviara a esta dirección alertas sobre estos vehículos y búsquedas guardados:`,
  confirmLink: "Confirmar mis alertas",
  confirmExpiry: (days: number) =>
    `El enlace funciona durante ${days} días. Si usted no lo pidió, ignore este correo: no le enviaremos nada más.`,
  limitReached: (vehicles: number, searches: number) =>
    `Una dirección puede seguir hasta ${vehicles} vehículos y ${searches} búsquedas: lo que no cupo quedó fuera. Elimine algunos en su página de alertas para hacer espacio.`,
  digestSubject: (count: number) => `${count} novedades sobre los vehículos que guardó`,
  priceDropSubject: (vehicle: string, price: string) => `Bajó de precio: ${vehicle}, ahora ${price}`,
  pendingSubject: (vehicle: string) => `Venta pendiente: ${vehicle}`,
  soldSubject: (vehicle: string) => `Vendido: ${vehicle}`,
  newMatchSubject: (vehicle: string, price: string) => `Nueva coincidencia: ${vehicle}, ${price}`,
  digestHeading: "Novedades sobre lo que guardó",
  priceDropHeading: (vehicle: string) => `El ${vehicle} ahora cuesta menos`,
  priceDropSaved: (from: string, to: string) => `Ahora ${to}. Lo guardó a ${from}.`,
  priceDropTold: (from: string, to: string) => `Ahora ${to}; antes ${from}, el precio que le informamos la última vez.`,
  pendingText: "Venta pendiente: otro comprador tiene un trato en curso. Llámenos si quiere ser el siguiente en la lista.",
  soldText: "Este vehículo ya se vendió.",
  similarHeading: "Vehículos similares a la venta",
  newMatchText: (search: string) => `Nuevo en nuestro lote, coincide con su búsqueda ${search}:`,
  mileage: (miles: string) => `${miles} millas`,
  price: (price: string) => `Precio: ${price}`,
  photoAlt: (vehicle: string) => `Foto del ${vehicle}`,
  manage: "Administrar sus alertas",
  unsubscribe: "Darse de baja de estas alertas",
  why: (dealer: string) =>
    `Recibe este correo porque le pidió a ${dealer} alertas sobre los vehículos que guardó. Le escribimos como máximo una vez al día.`,
  unsubscribedText: (dealer: string) => `Se dio de baja de las alertas de ${dealer}.`,
};
