/**
 * The financing form's islands (decision 153), in one module so the page loads them as one chunk: the
 * islands' script (src/app/islands.client.tsx) imports it when the page shows them, and the form imports
 * its views from here too.
 */
export { LicenseUpload } from "./license-upload";
export { SignaturePad } from "./signature-pad";
export { SsnInput } from "./ssn-input";
