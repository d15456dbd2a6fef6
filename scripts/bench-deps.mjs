// Benchmark-only packages (Lighthouse, MiniSearch, chrome-launcher) live in bench/ with their own package.json,
// outside the app's default install. The measuring scripts call ensureBenchDeps() first: it runs
// `npm --prefix bench install` once, when bench/node_modules is missing, and importBench() loads a package from there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const benchDir = resolve('bench');

/** Installs bench/'s packages when bench/node_modules is missing. */
export function ensureBenchDeps() {
  if (existsSync(resolve(benchDir, 'node_modules'))) return;
  console.error('bench/node_modules is missing: npm --prefix bench install');
  const r = spawnSync('npm', ['--prefix', 'bench', 'install', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm --prefix bench install failed');
}

/** Imports a package installed in bench/node_modules. */
export async function importBench(name) {
  ensureBenchDeps();
  const path = createRequire(resolve(benchDir, 'package.json')).resolve(name);
  return import(pathToFileURL(path).href);
}
