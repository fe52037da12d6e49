// A credential's status and its Revoke button, as the keys and tokens tables show them.
import { formatDateTime } from "../../lib/format";
import { Button } from "./button";

/** Active, or Revoked with when. */
export function RevocationStatus({ revokedAt }: { revokedAt: string | null }) {
  return revokedAt ? (
    <>
      <span className="badge badge-revoked">Revoked</span>
      <span className="cell-sub">{formatDateTime(revokedAt)}</span>
    </>
  ) : (
    <span className="badge badge-active">Active</span>
  );
}

/** The actions cell: a Revoke button (named after `name`) while the credential still works. */
export function RevokeCell({
  revokedAt,
  name,
  onRevoke,
}: {
  revokedAt: string | null;
  name: string;
  onRevoke: () => void;
}) {
  return (
    <td className="actions">
      {revokedAt ? null : (
        <Button variant="ghost" className="btn-danger-text" onClick={onRevoke} aria-label={`Revoke ${name}`}>
          Revoke
        </Button>
      )}
    </td>
  );
}
