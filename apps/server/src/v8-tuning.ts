// How V8 runs the server, set before anything else loads (main.ts imports this first).
//
// Allocation-site pretenuring off. V8 watches which of a site's objects survive a scavenge, and a
// site whose objects all survived is marked long-lived: it then allocates straight into the old
// generation. Under load a save's short-lived objects (the session read's rows, the answers mapped
// from them) are still in flight at a scavenge, so their sites were marked, and the old generation
// grew by 13 MB/s at a steady 2,000 saves/s, collected by a mark-compact every 20-30 s that took the
// second core from PostgreSQL while it marked: a steady run's slowest window lay on one. With it
// off the old generation grew by 3.3 MB/s, and the steady p99 fell (ARCHITECTURE.md, "The path of one
// step's data").
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
