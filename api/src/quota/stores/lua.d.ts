// A Lua file imported on the Worker is its text (wrangler's Text module rule in wrangler.jsonc).
declare module "*.lua" {
  const source: string;
  export default source;
}
