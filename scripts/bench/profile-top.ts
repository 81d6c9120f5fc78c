/**
 * The top self-time functions of a V8 CPU profile (`--cpu-prof`, as `npm run bench -- --cpu-prof`
 * or `--ab <ref> --cpu-prof` write them to bench/results/), and the self time per package:
 *
 *   npx tsx scripts/bench/profile-top.ts bench/results/ab-b-r1-sqlite-….cpuprofile.json [top]
 */
import fs from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** node_modules/<package> (scoped too), the server's own file, or node's internals. */
function packageOf(url: string): string {
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1]!;
  if (url.includes('/packages/server/')) return '(server)';
  if (url.includes('/packages/domain/')) return '(domain)';
  if (url.startsWith('node:')) return '(node)';
  return url ? '(other)' : '(native/gc/idle)';
}

function shortUrl(url: string): string {
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) return url.slice(inModules + 'node_modules/'.length);
  const pkg = url.indexOf('/packages/');
  if (pkg >= 0) return url.slice(pkg + 1);
  return url.replace(/^file:\/\//, '');
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('uso: tsx scripts/bench/profile-top.ts <perfil.cpuprofile.json> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(await fs.readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
for (let k = 0; k < profile.samples.length; k += 1) {
  const id = profile.samples[k]!;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[k] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const key = `${functionName || '(anonymous)'}  ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const pkg = ['(idle)', '(program)', '(garbage collector)'].includes(functionName)
    ? functionName
    : packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`${path.basename(file)}: ${(total / 1e6).toFixed(1)} s muestreados\n`);
console.log('Tiempo propio por función:');
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${pct(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
}
console.log('\nTiempo propio por paquete:');
for (const [pkg, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
  console.log(`  ${pct(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${pkg}`);
}
