// Every token by name and role, when it was made and revoked, with a Revoke button for the ones that work.
import { Button } from "../../../components/ui/button";
import { TableScroll } from "../../../components/ui/table-scroll";
import { formatDateTime } from "../../../lib/format";
import type { Token } from "../api/get-tokens";

export function TokensTable({ tokens, onRevoke }: { tokens: Token[]; onRevoke: (token: Token) => void }) {
  return (
    <TableScroll label="Tokens table">
      <table className="table" aria-label="Tokens">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <th scope="row">
                <span className="cell-title">{token.name}</span>
                <code className="cell-sub">{token.id}</code>
              </th>
              <td>
                <span className={token.role === "admin" ? "badge badge-closed" : "badge"}>
                  {token.role === "admin" ? "Admin" : "Service"}
                </span>
              </td>
              <td>{formatDateTime(token.createdAt)}</td>
              <td>
                {token.revokedAt ? (
                  <>
                    <span className="badge badge-revoked">Revoked</span>
                    <span className="cell-sub">{formatDateTime(token.revokedAt)}</span>
                  </>
                ) : (
                  <span className="badge badge-active">Active</span>
                )}
              </td>
              <td className="actions">
                {token.revokedAt ? null : (
                  <Button
                    variant="ghost"
                    className="btn-danger-text"
                    onClick={() => onRevoke(token)}
                    aria-label={`Revoke ${token.name}`}
                  >
                    Revoke
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
