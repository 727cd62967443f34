// The bench's load generator (scripts/bench.ts), in its own process so that it never competes
// with the server for an event loop. Reads one scenario as JSON from argv, runs autocannon,
// prints one JSON line: requests/s, latency percentiles in ms of the 2xx answers (an error
// answered fast must not make a scenario look fast; the others are counted as non2xx).
import autocannon from "autocannon";

const { url, connections, seconds, headers } = JSON.parse(process.argv[2] ?? "{}");
const latencies = [];
const instance = autocannon({ url, connections, duration: seconds, headers, timeout: 10 });
instance.on("response", (_client, status, _bytes, responseTime) => {
  if (status >= 200 && status < 300) latencies.push(responseTime);
});
const result = await instance;
latencies.sort((a, b) => a - b);
const at = (p) =>
  latencies.length
    ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]
    : null;
const round = (n) => (n === null ? null : Math.round(n * 100) / 100);
console.log(
  JSON.stringify({
    rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
