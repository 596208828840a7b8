import type { FastifyRequest } from "fastify";
import type { StoreConfig } from "../config.js";

/**
 * In production mode passwords travel only over HTTPS, directly or as a trusted
 * proxy reports it (docs/contract.md#modes); development mode allows plain HTTP.
 */
export function passwordsAllowed(
  config: Pick<StoreConfig, "mode">,
  request: Pick<FastifyRequest, "protocol">,
): boolean {
  return config.mode !== "production" || request.protocol === "https";
}
