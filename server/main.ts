// First, before the app's modules allocate: the young generation's size (decision 042).
import './young-generation';
import { startEarly } from './db/early-thread';

// On a restart in local mode, PGlite's thread starts before the rest of the server loads (the configuration's
// schemas, the database's driver): the folder opens meanwhile (docs/decisions/059-the-database-thread-starts-first.md).
startEarly();
await import('./serve');
