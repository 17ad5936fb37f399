// ruff over the demo model's Python: every .py file under the paths given (default: the whole of
// tools/demo-model), with pyproject.toml's [tool.ruff] settings. ruff is not in Debian 12; this
// runs its WebAssembly build (npm's @astral-sh/ruff-wasm-nodejs, pinned in package-lock.json and
// installed by setup.sh) through its Workspace API, which checks one file's text at a time.
// Prints PATH:LINE:COLUMN: CODE message for each finding and fails if there is one; exits 77
// (ctest's skip) when the package is not installed.
//   node tools/demo-model/lint/ruff.mjs [PATH...]
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const SKIP = 77;

let ruff;
try {
    ruff = createRequire(import.meta.url)("@astral-sh/ruff-wasm-nodejs");
} catch {
    console.error(`ruff.mjs: ruff is not installed in ${here}; run ${join(here, "setup.sh")}`);
    process.exit(SKIP);
}

// [tool.ruff] of pyproject.toml, read by Python's own TOML reader (tomllib, Python 3.11): the
// same keys as ruff's configuration, which Workspace takes as they are.
function settings() {
    const toml = join(root, "pyproject.toml");
    const python = process.env.FACET_PYTHON || "/usr/bin/python3";
    const read = spawnSync(python, ["-c", "import json, sys, tomllib; " +
        "print(json.dumps(tomllib.load(open(sys.argv[1], 'rb'))['tool']['ruff']))", toml],
        { encoding: "utf8" });
    if (read.status !== 0) {
        console.error(`ruff.mjs: ${toml}: cannot read [tool.ruff] with ${python}: ` +
            (read.error ? read.error.message : read.stderr.trim()));
        process.exit(2);
    }
    return JSON.parse(read.stdout);
}

// every .py file under `path` (a file or a folder), sorted; installed packages left out
function pythonFiles(path) {
    if (!statSync(path).isDirectory()) return path.endsWith(".py") ? [path] : [];
    return readdirSync(path, { withFileTypes: true })
        .filter((e) => !["node_modules", "__pycache__", ".git"].includes(e.name))
        .sort((a, b) => (a.name < b.name ? -1 : 1))
        .flatMap((e) => pythonFiles(join(path, e.name)));
}

const paths = process.argv.length > 2 ? process.argv.slice(2).map((p) => resolve(p)) : [root];
for (const path of paths) {
    if (!existsSync(path)) {
        console.error(`ruff.mjs: ${path}: no such file or folder`);
        process.exit(2);
    }
}
const workspace = new ruff.Workspace(settings(), ruff.PositionEncoding.Utf16);
const files = paths.flatMap(pythonFiles);
let findings = 0;
for (const file of files) {
    for (const d of workspace.check(readFileSync(file, "utf8"))) {
        const at = d.start_location;
        const code = d.code ?? "syntax";
        console.log(`${relative(process.cwd(), file)}:${at.row}:${at.column}: ${code} ${d.message}`);
        findings++;
    }
}
console.log(`ruff ${ruff.Workspace.version()}: ${files.length} files, ${findings} findings`);
process.exit(findings ? 1 : 0);
