// POST /v1/tokens: a new admin or service token, whose secret the API returns this once only.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminToken } from "../../../app/admin-session";
import { apiRequest } from "../../../lib/api-client";
import type { TokenRole } from "./get-tokens";

export type TokenInput = { name: string; role: TokenRole };

export type NewToken = { id: string; token: string };

export const createToken = (bearer: string, input: TokenInput) =>
  apiRequest<NewToken>("/v1/tokens", bearer, { method: "POST", body: input });

export function useCreateToken() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TokenInput) => createToken(bearer, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tokens"] }),
  });
}
