// pnpm flow:walk --scenario <name> [--json] | --list
import { parseArgs } from 'node:util';
import { SCENARIOS, scenarioByName } from '../src/scenarios.ts';
import { walk } from '../src/walk.ts';

const { values } = parseArgs({ options: { scenario: { type: 'string' }, json: { type: 'boolean', default: false }, list: { type: 'boolean', default: false } } });

if (values.list) {
  for (const scenario of SCENARIOS) console.log(scenario.name);
  process.exit(0);
}
const scenario = values.scenario ? scenarioByName(values.scenario) : undefined;
if (!scenario) {
  console.error(values.scenario ? `Unknown scenario "${values.scenario}". pnpm flow:walk --list shows them.` : 'Usage: pnpm flow:walk --scenario <name> [--json] | --list');
  process.exit(2);
}
const rows = walk(scenario);
if (values.json) {
  console.log(JSON.stringify(rows));
} else {
  console.log(`# ${scenario.name}: ${scenario.description}`);
  for (const row of rows) console.log(`${String(row.code).padEnd(8)} ${row.path.padEnd(22)} ${row.layout.padEnd(9)} ${row.percent === null ? '-' : `${row.percent}%`}`);
}
