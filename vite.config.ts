import { constants as zlibConstants } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const apiTarget = process.env.VITE_API_TARGET ?? "http://localhost:3000";

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  base: "/",
  plugins: [
    react(),
    // Brotli and gzip copies of every text asset, made once at build time: the server sends the
    // best one the browser accepts without spending CPU on each request (decision 023).
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm("brotliCompress", { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm("gzip", { level: 9 }),
      ],
    }),
  ],
  define: {
    __BUILD_DATE__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    manifest: true,
    rolldownOptions: {
      output: {
        // Mantine's base (providers, Box, styles API) is one chunk the first screen loads
        // anyway. Left to the default, rolldown files pieces of it with the popover's positioning
        // (floating-ui) and the scroll area, which the first screen then loads for nothing.
        codeSplitting: {
          groups: [
            {
              name: "mantine-base",
              // …and a helper of the scroll area the layout switcher's indicator uses.
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core[\\/]|components[\\/]ScrollArea[\\/]utils[\\/]to-int)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The API refuses mutating requests from another origin: present the dev server as the API's own.
    proxy: { "/api": { target: apiTarget, headers: { origin: apiTarget } } },
  },
});
