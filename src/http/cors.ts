/**
 * Yoga's `cors` option: CORS headers for the origins CORS_ORIGINS allows, none for any other
 * (whose requests the HTTP access checks refuse before yoga sees them, http/access.ts).
 */
import type { CORSOptions } from "graphql-yoga";
import type { HttpAccessConfig } from "../config.js";

/** Yoga's CORS option: headers for allowed cross-origin callers, none for anyone else. */
export function corsOptions(access: HttpAccessConfig): (request: Request) => CORSOptions {
  return (request) => {
    const origin = request.headers.get("origin");
    if (!origin) return false;
    const any = access.corsOrigins.includes("*");
    if (!any && !access.corsOrigins.includes(origin)) return false;
    return {
      origin: [origin],
      // Credentials (cookies) only for origins named one by one, never for "*".
      credentials: !any,
      methods: ["GET", "POST", "OPTIONS"],
      allowedHeaders: [
        "content-type",
        "authorization",
        "x-legacy-api-key",
        "x-commerce-api-key",
        "x-graphql-yoga-csrf",
      ],
      maxAge: 600,
    };
  };
}
