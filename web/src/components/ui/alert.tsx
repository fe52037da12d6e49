// A message box for outcomes the user must notice: errors are announced at once, notices politely.
import type { ReactNode } from "react";

type Props = { tone?: "error" | "warning" | "success" | "info"; title?: string; children?: ReactNode };

export function Alert({ tone = "info", title, children }: Props) {
  return (
    <div className={`alert alert-${tone}`} role={tone === "error" ? "alert" : "status"}>
      {title ? <p className="alert-title">{title}</p> : null}
      {children ? <div className="alert-body">{children}</div> : null}
    </div>
  );
}
