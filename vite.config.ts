// Vite build for the web UI: builds web/ into web/dist, which the API server serves with absolute asset URLs
// and its Content-Security-Policy (api/src/security-headers.ts).
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "web",
  base: "/",
  plugins: [react()],
  // `npx vite` serves the UI with hot reload; the API stays on the server started by `npm start`.
  server: { proxy: { "/v1": "http://127.0.0.1:8787" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
});
