// The fault drill (src/server/fault-drill.ts) by hand: prints the report; --write also
// updates the "Faults" section of docs/BENCHMARKS.md. CI runs the same drill as a test.
import { faultMarkdown, runFaultScenario } from '../src/server/fault-drill';
import { writeBenchmarkSection } from './bench-doc';

const report = await runFaultScenario();
const md = faultMarkdown(report);
process.stdout.write(`${md}\n`);
if (process.argv.includes('--write')) writeBenchmarkSection('Faults', md);
const ok =
  report.lost === 0 &&
  report.duplicated === 0 &&
  !Object.values(report.statuses).some((m) => m['500']);
process.exit(ok ? 0 : 1);
