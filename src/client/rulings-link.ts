/**
 * The table's rulings as a link (`/<game>/unclear/#rulings=<data>`), so a group can share them: base64url of JSON
 * (`src/lib/table-link.ts`). Only the unclear-rules page loads it.
 */
import { decodeJson, encodeJson } from '../lib/table-link';
import type { Ruling } from './saved-rulings';

/** Rulings as a compact URL-safe string. */
export const encodeRulings = (rulings: Record<string, Ruling>): string => encodeJson(rulings);

/** The rulings in an encoded string, or undefined when it is not one (never throws). */
export const decodeRulings = (text: string): unknown => decodeJson(text);
