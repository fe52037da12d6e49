// The button of the UI in its three weights; every action uses it so focus and spacing agree.
import type { ButtonHTMLAttributes } from "react";

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "secondary" | "danger" | "ghost" };

export function Button({ variant = "secondary", className, type = "button", ...props }: Props) {
  return <button type={type} className={["btn", `btn-${variant}`, className].filter(Boolean).join(" ")} {...props} />;
}
