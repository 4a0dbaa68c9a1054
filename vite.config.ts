import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server bundle's entry is our Express app, which embeds the React Router build
    // (docs/decisions/002-http-server.md).
    ssr: { build: { rollupOptions: { input: "./src/app/http/app.server.ts" } } },
  },
  ssr: {
    // Packages with native binaries or dynamic requires stay external; the rest is bundled.
    external: ["sharp", "pino", "pdf-lib"],
  },
  plugins: [tailwindcss(), reactRouter()],
});
