// The screening worker thread: list files read and people screened here, never on the server's
// event loop (a 150,000-name list is seconds of parsing and comparing). One message at a time.
import { parentPort } from 'node:worker_threads';
import { answerMessages } from '../jobs/worker-thread.ts';
import { ListIndexes, parseListFile, type ListFormat } from './screening-work.ts';
import type { ListedPerson } from '@kh/screening';

type Message =
  | { id: number; op: 'parse'; format: ListFormat; bytes: Uint8Array; listId: string }
  | { id: number; op: 'entries'; listId: string; from: number; count: number }
  | { id: number; op: 'load'; listId: string; entries: ListedPerson[]; complete: boolean }
  | { id: number; op: 'screen'; listIds: string[]; people: { name: string; birthDate?: string; nationality?: string }[] }
  | { id: number; op: 'keep'; listIds: string[] };

const port = parentPort!;
const indexes = new ListIndexes();
/** A file read for an import, its entries kept until the server has stored them all. */
const parsed = new Map<string, ListedPerson[]>();

function run(message: Message): unknown {
  switch (message.op) {
    case 'parse': {
      const file = parseListFile(message.format, message.bytes);
      parsed.set(message.listId, file.entries);
      // Screened against as soon as it is live: the index is made now, while the server stores the entries.
      indexes.add(message.listId, file.entries, true);
      return { sha256: file.sha256, entryCount: file.entries.length, problems: file.problems };
    }
    case 'entries': {
      // As the JSON the database reads them from (jsonb_to_recordset): made here, not on the event loop.
      const entries = parsed.get(message.listId) ?? [];
      const slice = entries.slice(message.from, message.from + message.count);
      if (message.from + message.count >= entries.length) parsed.delete(message.listId);
      return { count: slice.length, json: JSON.stringify(slice.map((e) => ({ ref: e.ref, category: e.category, names: e.names, birth_dates: e.birthDates, nationalities: e.nationalities }))) };
    }
    case 'load':
      indexes.add(message.listId, message.entries, message.complete);
      return indexes.has(message.listId);
    case 'screen':
      return indexes.screen(message.listIds, message.people);
    case 'keep':
      indexes.drop(message.listIds);
      for (const listId of parsed.keys()) if (!message.listIds.includes(listId)) parsed.delete(listId);
      return null;
  }
}

answerMessages(port, (message) => run(message as unknown as Message));
