// The product's mark and name, as every page's header shows it; `sub` names the part of the product.
type Props = { sub?: string };

export function Brand({ sub }: Props) {
  return (
    <div className="brand">
      <span className="brand-mark" aria-hidden="true">
        B
      </span>
      <span className="brand-name">Bouncer</span>
      {sub ? <span className="brand-sub">{sub}</span> : null}
    </div>
  );
}
