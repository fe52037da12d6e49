// What the customer page says when the API refuses a key, in plain words.
import { ApiError } from "../../../lib/api-client";

export const INVALID_KEY = "This key is not valid";

/** The message for a failed read with a key: a refused key is "not valid", anything else says what happened. */
export function keyProblem(error: unknown): { keyRefused: boolean; message: string } {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return { keyRefused: true, message: INVALID_KEY };
  }
  if (error instanceof ApiError && error.status === 404) {
    return { keyRefused: true, message: `${INVALID_KEY}: it belongs to no customer` };
  }
  return { keyRefused: false, message: error instanceof Error ? error.message : "Something went wrong." };
}
