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

/** A named scenario, or one made of --context; --events replays from that context instead of walking. */
function run(): void {
  if (values.events !== undefined) {
    const input = parseWalkContext(values.context ?? '{}');
    const { start, rows } = replay(input, parseWalkEvents(values.events));
    if (values.json) return console.log(JSON.stringify({ start, rows }));
    console.log(`# replay from ${JSON.stringify(input)}`);
    console.log(line(start, '(start)'));
    for (const row of rows) console.log(line(row, row.refused ? `${row.event} (refused here)` : row.event));
    return;
  }
  const input = values.context === undefined ? undefined : parseWalkContext(values.context);
  const scenario = input ? { name: 'context', description: `walk from ${JSON.stringify(input)}`, input } : values.scenario ? scenarioByName(values.scenario) : undefined;
  if (!scenario) fail(values.scenario ? `Unknown scenario "${values.scenario}". pnpm flow:walk --list shows them.` : USAGE);
  const rows = walk(scenario);
  if (values.json) return console.log(JSON.stringify(rows));
  console.log(`# ${scenario.name}: ${scenario.description}`);
  for (const row of rows) console.log(line(row));
}

try {
  run();
} catch (error) {
  fail(error instanceof WalkInputError ? error.message : String(error));
}
