// A real S3-protocol server on loopback for the tests (decision 124): @20minutes/s3rver, which checks
// every request's Signature Version 4 against its account (S3RVER / S3RVER), stores objects as files in
// --dir and answers PutObject, GetObject, HeadObject, DeleteObject(s), ListObjectsV2, HeadBucket and
// CreateBucket as S3 does. Run as its own process so a test can stop it (SIGKILL) as a bucket would go.
//
//   node tests/support/s3-server-process.mjs --dir DIR [--port N]
//   S3_CRASH_AFTER_PUTS=N: once N object uploads are stored, the next one to arrive makes the process exit
//   at once (a bucket that goes away in the middle of a request's uploads; nothing answers that upload).
import { createRequire } from "node:module";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
const { values } = parseArgs({ options: { dir: { type: "string" }, port: { type: "string", default: "0" } } });
if (!values.dir) throw new Error("--dir is required");

// s3rver rebuilds the signed path from the route's parameters and drops the slash after a bucket's name,
// which the AWS SDK (v3) sends for bucket requests (`GET /bucket/?list-type=2`, `POST /bucket/?delete`)
// and signs as sent; real S3 checks the path as sent. Without this every bucket request fails its
// signature check. The bucket parameter carries the slash while the signature is checked, then is put back.
const router = require("@20minutes/s3rver/lib/routes.js");
const authenticated = router.stack.filter((layer) => layer.stack.some((fn) => fn.name === "authentication"));
if (authenticated.length !== 1) throw new Error("s3rver's authentication middleware not found: check the patch against this version");
for (const layer of authenticated) {
  layer.stack = layer.stack.map((fn) =>
    fn.name !== "authentication"
      ? fn
      : async function authentication(ctx, next) {
          const bucket = ctx.params.bucket;
          if (!bucket || ctx.params.key || !ctx.path.endsWith("/")) return fn(ctx, next);
          ctx.params.bucket = `${bucket}/`;
          return fn(ctx, () => {
            ctx.params.bucket = bucket;
            return next();
          });
        },
  );
}

const S3rver = require("@20minutes/s3rver");
const server = new S3rver({ address: "127.0.0.1", port: Number(values.port), silent: true, directory: values.dir });
const crashAfter = Number(process.env.S3_CRASH_AFTER_PUTS ?? 0);
if (crashAfter > 0) {
  let stored = 0;
  server.middleware.unshift(async (ctx, next) => {
    // An object upload: PUT /bucket/key (not a bucket's creation, PUT /bucket/).
    const upload = ctx.method === "PUT" && /^\/[^/]+\/.+/.test(ctx.path);
    if (upload && stored >= crashAfter) {
      process.stdout.write(`${JSON.stringify({ s3: "crashing", stored })}\n`, () => process.exit(1));
      return new Promise(() => {});
    }
    await next();
    if (upload && ctx.status === 200) stored++;
  });
}
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ s3: "listening", port })}\n`);
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.close().then(() => process.exit(0)));
