// Entry of a render worker thread: registers the TypeScript loader (tsx) inside the thread, then
// imports the worker module. Node 20 does not apply a parent's --import hooks to a worker's own
// entry, so this small JavaScript file is the bridge.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
