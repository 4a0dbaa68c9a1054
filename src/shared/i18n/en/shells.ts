/** Headings of pages whose full content lives in their feature's catalogue file. */
export const shells = {
  home: {
    heroTitle: "Quality Pre-Owned Vehicles in Fitchburg",
    heroSubtitle: "Honest prices, inspected vehicles and financing for every credit situation.",
    browseInventory: "Browse Inventory",
    getFinancing: "Get Financing",
  },
  inventory: { title: "Our Inventory", subtitle: "Browse our selection of quality pre-owned vehicles" },
  financing: { title: "Get Pre-Approved" },
  about: { title: "About Us" },
  contact: { title: "Contact Us" },
  booking: { title: "Book a Service Appointment" },
  podium: { title: "Admin Dashboard" },
};
