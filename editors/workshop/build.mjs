// Bundle editor.mjs and CodeMirror into ../../web/static/workshop-editor.js (minified, one
// file, no source map) and write the licences of what it contains beside it.
// Run from this folder: npm ci && npm run build
import { build } from "esbuild";
import { readFileSync, writeFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";

const out = new URL("../../web/static/workshop-editor.js", import.meta.url).pathname;
const result = await build({
  entryPoints: ["editor.mjs"],
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  legalComments: "none",
  metafile: true,
  outfile: out,
});

// every package the bundle took code from, with its licence text
const packages = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (m) packages.add(m[1]);
}
let notice = "web/static/workshop-editor.js bundles these packages from the npm registry\n" +
  "(built by editors/workshop/build.mjs); their licences follow.\n";
for (const name of [...packages].sort()) {
  const dir = join("node_modules", name);
  const meta = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
  const text = file && existsSync(join(dir, file)) ? readFileSync(join(dir, file), "utf8") : "";
  notice += `\n---- ${name} ${meta.version} (${meta.license}) ----\n\n${text.trim()}\n`;
}
writeFileSync(out.replace(/\.js$/, ".LICENSE.txt"), notice);
console.log(`wrote ${out} (${packages.size} packages)`);
