/**
 * The search Web Worker: parses the indexes the page hands it, builds their searchers and answers searches (see
 * search-engine.ts), off the page's main thread, so that loading search never blocks a tap or a key.
 */
import { handle, type EngineRequest } from './search-engine';

const scope = self as unknown as { onmessage: ((e: MessageEvent<EngineRequest>) => void) | null; postMessage(m: unknown): void };
scope.onmessage = (e) => scope.postMessage(handle(e.data));
