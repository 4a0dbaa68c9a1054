import type { Messages } from "../en";

/** Home, About and Contact content in US Spanish (see ../en/site.ts). */
export const site: Messages["site"] = {
  map: {
    title: (name: string) => `Mapa con la ubicación de ${name}`,
    show: "Mostrar mapa interactivo",
    getDirections: "Cómo llegar",
    notice: "Carga Google Maps",
  },
  visit: {
    heading: "Visítenos",
    address: "Dirección",
    phone: "Teléfono",
    email: "Correo electrónico",
    hours: "Horario",
    callNow: "Llame ahora",
    findUs: "Encuéntrenos en Google Maps",
  },
  home: {
    featured: "Vehículos destacados",
    featuredSubtitle: "Una selección de vehículos de nuestro inventario actual",
    viewAll: "Ver todos los vehículos",
    welcomeHeading: (name: string) => `Le damos la bienvenida a ${name}`,
    welcomeText:
      "Somos un concesionario familiar en Fitchburg, Massachusetts. Cada vehículo de nuestro lote está inspeccionado, tiene un precio honesto y está listo para la carretera, y nuestro equipo le ayuda a encontrar el financiamiento adecuado, sea cual sea su historial de crédito.",
    servicesHeading: "Nuestros servicios",
    services: [
      { title: "Vehículos de calidad", text: "Carros, camionetas y SUV usados, inspeccionados con cuidado y a precios justos." },
      { title: "Financiamiento flexible", text: "Opciones para todo tipo de crédito, con preaprobación rápida en línea." },
      {
        title: "Servicio y mantenimiento",
        text: "Cambios de aceite, frenos, llantas e inspecciones estatales con nuestros propios técnicos.",
      },
    ],
    bookService: "Programe un servicio",
    whyHeading: "Por qué elegirnos",
    stats: [
      { value: "15+", label: "Años en el negocio" },
      { value: "3000+", label: "Vehículos vendidos" },
      { value: "98%", label: "Clientes satisfechos" },
      { value: "5000+", label: "Clientes contentos" },
    ],
  },
  about: {
    storyHeading: "Nuestra historia",
    story: [
      "Desde hace más de quince años ayudamos a familias de todo el centro-norte de Massachusetts a encontrar vehículos confiables y económicos.",
      "Empezamos como un lote pequeño con unos cuantos carros y una promesa sencilla: tratar a cada cliente como nos gustaría que nos trataran a nosotros. Miles de vehículos después, esa promesa no ha cambiado.",
    ],
    servicesHeading: "Nuestros servicios",
    services: [
      {
        title: "Vehículos usados de calidad",
        text: "Cada vehículo se inspecciona y se prepara antes de llegar a nuestro lote, con un historial claro y un precio honesto.",
      },
      {
        title: "Financiamiento flexible",
        text: "Trabajamos con prestamistas para todo tipo de crédito, para que usted se lleve su vehículo con un pago a su medida.",
      },
    ],
    valuesHeading: "Nuestros valores",
    values: [
      { title: "Calidad", text: "Solo vendemos vehículos que nosotros mismos manejaríamos." },
      {
        title: "Atención al cliente",
        text: "Primero escuchamos y luego le ayudamos a encontrar el vehículo que se ajuste a su vida y a su presupuesto.",
      },
      { title: "Integridad", text: "Precios transparentes, respuestas honestas y cero presión." },
    ],
    browseInventory: "Ver inventario",
    contactUs: "Contáctenos",
  },
  contact: {
    subtitle: "Nos encantaría saber de usted. Envíenos un mensaje o visítenos en el concesionario.",
    formHeading: "Envíenos un mensaje",
    detailsHeading: "Información de contacto",
    hoursHeading: "Horario de atención",
    callHeading: "¿Prefiere hablar con nosotros?",
    callText: "Llámenos ahora y hable con nuestro equipo.",
    callNow: "Llame ahora",
    findUs: "Encuéntrenos",
  },
};
