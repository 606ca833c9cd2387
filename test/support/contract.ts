/**
 * The wire contract as written for people: docs/protocol.md (rooms, messages, error codes, HTTP routes) and
 * docs/security.md (refusals and limits). Tests read them so that every code a client may receive is documented.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export const CONTRACT_TEXT = ['docs/protocol.md', 'docs/security.md'].map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');

/** Whether the contract names `word` as code (in backticks). */
export const contractMentions = (word: string): boolean => CONTRACT_TEXT.includes(`\`${word}\``);
