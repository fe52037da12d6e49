// The one way the UI talks to the API: JSON in and out, a bearer token, and the error envelope as an ApiError.

/** An error answer of the API (contract section 8), or "network" when no answer came at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const isApiError = (error: unknown, code?: string): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);

export type RequestOptions = {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  body?: unknown;
  /** The version the caller read, sent as If-Match so a stale write is refused with 412. */
  ifMatch?: number;
  signal?: AbortSignal;
};

type Envelope = { error?: { code?: unknown; message?: unknown; requestId?: unknown } };

async function errorOf(response: Response): Promise<ApiError> {
  // A proxy or a crash may answer with something that is not our envelope; say what we can.
  const body = (await response.json().catch(() => null)) as Envelope | null;
  const error = body?.error;
  return new ApiError(
    response.status,
    typeof error?.code === "string" ? error.code : "internal",
    typeof error?.message === "string" ? error.message : `The server answered ${response.status}.`,
    typeof error?.requestId === "string" ? error.requestId : undefined,
  );
}

/** Calls an API route with a bearer and returns its JSON body (undefined for 204). */
export async function apiRequest<T>(path: string, bearer: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${bearer}` };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.ifMatch !== undefined) headers["If-Match"] = `"${options.ifMatch}"`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      cache: "no-store",
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, "network", "The server could not be reached. Check your connection and try again.");
  }
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
