import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.VITE_API_TARGET ?? "http://localhost:3000";

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  base: "/",
  plugins: [react()],
  define: {
    __BUILD_DATE__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    // The API refuses mutating requests from another origin: present the dev server as the API's own.
    proxy: { "/api": { target: apiTarget, headers: { origin: apiTarget } } },
  },
});
