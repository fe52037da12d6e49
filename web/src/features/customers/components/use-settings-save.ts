// Saving a customer's settings with If-Match on the version the admin read; a 412 keeps the admin's changes beside
// the current version until they apply theirs over it or take the current one.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAdminToken } from "../../../app/admin-session";
import { isApiError } from "../../../lib/api-client";
import type { Customer } from "../../../lib/domain";
import { customerQueryOptions } from "../api/get-customer";
import { customerListKey } from "../api/get-customers";
import { type CustomerSettings, useUpdateCustomer } from "../api/update-customer";
import { errorWords } from "./error-words";

/** A refused save: the admin's patch, the version it was made over, and the version saved meanwhile. */
export type Conflict = { mine: CustomerSettings; base: Customer; current: Customer };

type Outcome = { saved: Customer } | { failure: string } | { conflict: Conflict };

export function useSettingsSave() {
  const bearer = useAdminToken();
  const queryClient = useQueryClient();
  const update = useUpdateCustomer();
  const [reading, setReading] = useState(false);

  /** Sends `patch` over `base`; on 412 reads the current version, so that both can be shown. */
  async function save(base: Customer, patch: CustomerSettings): Promise<Outcome> {
    try {
      return { saved: await update.mutateAsync({ id: base.id, version: base.version, patch }) };
    } catch (error) {
      if (!isApiError(error, "precondition_failed")) return { failure: errorWords(error, base.name) };
    }
    setReading(true);
    try {
      // The list too, so that the table behind shows the other admin's change at once.
      void queryClient.invalidateQueries({ queryKey: customerListKey });
      return {
        conflict: { mine: patch, base, current: await queryClient.fetchQuery(customerQueryOptions(bearer, base.id)) },
      };
    } catch (error) {
      return { failure: errorWords(error, base.name) };
    } finally {
      setReading(false);
    }
  }

  return { save, busy: update.isPending || reading };
}
