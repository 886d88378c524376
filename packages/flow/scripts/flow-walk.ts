// pnpm flow:walk --scenario <name> | --context '<json>' [--events '<json>'] [--json] | --list
import { parseArgs } from 'node:util';
import { SCENARIOS, scenarioByName } from '../src/scenarios.ts';
import { replay, walk, type WalkRow } from '../src/walk.ts';
import { WalkInputError, parseWalkContext, parseWalkEvents } from '../src/walk-input.ts';

const USAGE = `Usage: pnpm flow:walk --scenario <name> [--json]
       pnpm flow:walk --context '{"markets":["HK"],"accountType":"margin","mode":"rejected","rejected":["work","tax"]}' [--events '["NEXT","PREVIOUS"]'] [--json]
       pnpm flow:walk --list`;

const { values } = parseArgs({
  options: { scenario: { type: 'string' }, context: { type: 'string' }, events: { type: 'string' }, json: { type: 'boolean', default: false }, list: { type: 'boolean', default: false } },
});

const line = (row: WalkRow, note = '') => `${String(row.code).padEnd(8)} ${row.path.padEnd(22)} ${row.layout.padEnd(9)} ${(row.percent === null ? '-' : `${row.percent}%`).padEnd(5)}${note ? ` ${note}` : ''}`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (values.list) {
  for (const scenario of SCENARIOS) console.log(scenario.name);
  process.exit(0);
}

if (values.context !== undefined || values.events !== undefined) {
  try {
    const input = parseWalkContext(values.context ?? '{}');
    if (values.events !== undefined) {
      const { start, rows } = replay(input, parseWalkEvents(values.events));
      if (values.json) console.log(JSON.stringify({ start, rows }));
      else {
        console.log(`# replay from ${JSON.stringify(input)}`);
        console.log(line(start, '(start)'));
        for (const row of rows) console.log(line(row, row.refused ? `${row.event} (refused here)` : row.event));
      }
    } else {
      const rows = walk({ name: 'context', description: 'the given context', input });
      if (values.json) console.log(JSON.stringify(rows));
      else {
        console.log(`# walk from ${JSON.stringify(input)}`);
        for (const row of rows) console.log(line(row));
      }
    }
  } catch (error) {
    fail(error instanceof WalkInputError ? error.message : String(error));
  }
  process.exit(0);
}

const scenario = values.scenario ? scenarioByName(values.scenario) : undefined;
if (!scenario) fail(values.scenario ? `Unknown scenario "${values.scenario}". pnpm flow:walk --list shows them.` : USAGE);
const rows = walk(scenario);
if (values.json) {
  console.log(JSON.stringify(rows));
} else {
  console.log(`# ${scenario.name}: ${scenario.description}`);
  for (const row of rows) console.log(line(row));
}
