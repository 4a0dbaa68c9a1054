import { zodResolver } from "@hookform/resolvers/zod";
import { financingApplicationSchema } from "./financing-schema";

/** The form's resolver, in its own chunk: zod loads when the shopper starts filling the form, not with the page. */
export const financingResolver = zodResolver(financingApplicationSchema);
