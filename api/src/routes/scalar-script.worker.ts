// On a Worker the API reference's script is a static asset (copied by api/dev/worker-assets.ts), not in the bundle.
export const scalarScript: (() => string) | undefined = undefined;
