// Preloaded into the server process by the benchmark (node --import): writes the process's own peak RSS
// (process.resourceUsage().maxRSS, bytes) to BENCH_RSS_FILE every half second and at exit.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) {
  const write = () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024));
  setInterval(write, 500).unref();
  process.on('exit', write);
}
