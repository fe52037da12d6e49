// The placeholder home page shown until the admin console and customer usage page are built.
export function App() {
  return (
    <main className="shell">
      <header>
        <p className="eyebrow">Rate-limit service</p>
        <h1>Bouncer</h1>
        <p className="lede">
          Plans and quotas for APIs: rate limits that are exact across many servers, visible to customers, and safe when
          Redis goes down.
        </p>
      </header>

      <nav className="links" aria-label="API documentation">
        <a className="card" href="/docs">
          <span className="card-title">API reference</span>
          <span className="card-body">Interactive docs for every endpoint.</span>
        </a>
        <a className="card" href="/openapi.json">
          <span className="card-title">OpenAPI spec</span>
          <span className="card-body">
            The machine-readable schema at <code>/openapi.json</code>.
          </span>
        </a>
      </nav>

      <p className="note">
        Coming soon: the admin console for plans and keys, and the customer usage page at <code>/usage</code>.
      </p>
    </main>
  );
}
