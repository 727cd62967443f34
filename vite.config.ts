import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The SPA lives in src/web; `npm run build` writes dist/web, which the server serves.
export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" },
  },
});
