import express from "express";

/** Default JSON body limit for API calls; routes that accept files pass a larger one. */
export const DEFAULT_JSON_LIMIT = "100kb";

/** A JSON body parser for one route: malformed JSON becomes 400 and an oversized body 413 (see errorHandler). */
export function jsonBody(limit: string = DEFAULT_JSON_LIMIT) {
  return express.json({ limit, strict: true });
}
