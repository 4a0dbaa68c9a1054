// `npm run dev`: the same Express app with Vite's dev middleware and hot reload.
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startServer } = await vite.ssrLoadModule("./src/app/http/start-server.server.ts");
const running = await startServer({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  devMiddleware: vite.middlewares,
});
process.once("SIGINT", async () => {
  await running.close();
  await vite.close();
  process.exit(0);
});
