import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The ADF 1.0 DTD, transcribed from the specification (decision 057). */
export const ADF_DTD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/adf-1.0.dtd");

/**
 * Validates one ADF document against the ADF 1.0 DTD with libxml2's xmllint (Debian's
 * libxml2-utils; .ci/run installs it). Returns xmllint's messages, empty when valid, so a
 * failing test prints what the DTD refused.
 */
export function adfDtdErrors(xml: string): string {
  const run = spawnSync("xmllint", ["--noout", "--nonet", "--dtdvalid", ADF_DTD, "-"], { input: xml, encoding: "utf8" });
  if (run.error) throw new Error(`xmllint could not run (install libxml2-utils): ${run.error.message}`);
  // Any message counts: xmllint reports a DTD fault (a nondeterministic content model) yet exits 0.
  const messages = `${run.stderr}${run.stdout}`.trim();
  return run.status === 0 && !messages ? "" : messages || `xmllint exited ${run.status}`;
}
