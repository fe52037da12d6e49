// Every token by name and role, when it was made and revoked, with a Revoke button for the ones that work.
import { RevocationStatus, RevokeCell } from "../../../components/ui/revocation";
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
                <RevocationStatus revokedAt={token.revokedAt} />
              </td>
              <RevokeCell revokedAt={token.revokedAt} name={token.name} onRevoke={() => onRevoke(token)} />
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
