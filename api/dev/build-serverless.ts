// `npm run build:lambda` and `npm run build:vercel`: the function each platform deploys, and the size of its bundle.
import { join } from "node:path";
import { bundleLambda, bundleVercel, root } from "./serverless-bundle";

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const target = process.argv[2];

if (target === "lambda") {
  const { bytes } = await bundleLambda(join(root, "dist/lambda"));
  console.log(`lambda function: dist/lambda (index.mjs ${kib(bytes)}); zip its contents, handler index.handler`);
} else if (target === "vercel") {
  const { bytes } = await bundleVercel(join(root, ".vercel/output"));
  console.log(`vercel function: .vercel/output/functions/index.func (index.mjs ${kib(bytes)})`);
} else {
  console.error("usage: build-serverless.ts lambda|vercel");
  process.exit(1);
}
