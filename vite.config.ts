import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { localApiProxy } from "./scripts/stack/api-proxy";

const rootDir = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  // With the emulators, `/api/*` goes to the Functions emulator as Hosting rewrites do in production.
  server: { host: "127.0.0.1", port: 5173, strictPort: true, proxy: localApiProxy(mode, rootDir) },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true, proxy: localApiProxy(mode, rootDir) },
  build: { sourcemap: true, target: "es2022", manifest: true },
}));
