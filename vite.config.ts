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
    rolldownOptions: {
      output: {
        // Fewer, larger chunks (compressed together they are smaller, and cost fewer requests).
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|tailwind-merge|clsx|class-variance-authority|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            // Tiny modules every page shares: one file, not six requests of a few hundred bytes
            // each (with brotli, a small file costs more than its content). The public site's
            // reads and lazy-toast are shared by the entry and by pages loaded on demand.
            {
              name: "common",
              test: /src[\\/](web[\\/](lib[\\/](page-title|auth-sync|lazy-toast)|components[\\/]ui[\\/](cn|Spinner|Logo)|features[\\/]marketing[\\/](queries|api[\\/]public-api))|shared[\\/](plan-ids|price-math))\./,
              priority: 10,
            },
            // The signed-in shell's parts, loaded together on every portal page (the route guard,
            // the menus, the session) with the icons only the portal shows: one file instead of a
            // dozen of a few hundred bytes, each of which costs about 1 kB of response headers.
            {
              name: "portal",
              test: /src[\\/](web[\\/](lib[\\/](session|use-profile-language|use-sign-out|live-updates|query-keys)|app[\\/](navigation|layouts[\\/](PortalFooter|UserBadge|SignOutButton|MenuLink))|components[\\/]ui[\\/](Avatar|Badge))|shared[\\/]permissions)\.|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](layout-dashboard|circle-plus|settings|user|megaphone|calendar-clock|building-complex|log-out|alarm-clock)\.mjs$/,
              priority: 10,
              // Only these: the parts they import (i18n, the auth client) stay where they are.
              includeDependenciesRecursively: false,
            },
            // Small pieces the portal, the sign-in pages and the public forms share.
            {
              name: "kit",
              test: /src[\\/](web[\\/](lib[\\/]api|components[\\/]ui[\\/](Card|Alert))|shared[\\/](schemas[\\/]errors|deadline-engine[\\/]days|i18n[\\/]format))\./,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            // The reader of the server's stored sentences (dashboard, grievance pages) and the
            // outcome labels it reads, which would otherwise be a file of their own.
            {
              name: "stored-text",
              test: /src[\\/]shared[\\/](i18n[\\/]stored-text|outcomes)\./,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            // Icons used by three or more chunks in one file, not a request per 300-byte icon.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 3 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" },
  },
});
