// A lease's id as clients hold it (contract section 14): "ls_", the store's id of it, and whose counters it is in (the
// subject, and the resource its check named), so that a release or a settle finds them with no lookup of its own.
// The store's id is 16 random bytes: a lease is found by it alone, so another's cannot be guessed from its subject.

/** Where a lease is kept: in the counter store, or (taken while the store was down, a plan failing local) here. */
export type LeaseRef = { id: string; subject: string; resource: string | undefined; local: boolean };

const STORE = "s";
const LOCAL = "l";
const PART = /^[A-Za-z0-9_-]+$/;

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64Url = (text: string) => atob(text.replace(/-/g, "+").replace(/_/g, "/"));

/** A new lease's id in the store: where it is kept, then 22 characters of randomness (base64url). */
export function newLeaseId(local: boolean): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return (local ? LOCAL : STORE) + toBase64Url(binary);
}

/** The id a client holds for lease `id` of `subject`, taken by a check that named `resource` (its plan names it). */
export function leaseName(id: string, subject: string, resource: string | undefined): string {
  const named = resource === undefined ? "" : `.${toBase64Url(resource)}`;
  return `ls_${id}.${toBase64Url(subject)}${named}`;
}

/** The lease a client's id stands for, or null when the text is not one. */
export function leaseOf(name: string): LeaseRef | null {
  if (!name.startsWith("ls_")) return null;
  const [id, subject, resource, ...rest] = name.slice(3).split(".");
  if (id === undefined || subject === undefined || rest.length > 0) return null;
  if (!/^[sl][A-Za-z0-9_-]{22}$/.test(id) || !PART.test(subject) || (resource !== undefined && !PART.test(resource))) {
    return null;
  }
  try {
    return {
      id,
      subject: fromBase64Url(subject),
      resource: resource === undefined ? undefined : fromBase64Url(resource),
      local: id.startsWith(LOCAL),
    };
  } catch {
    return null;
  }
}
