/**
 * Ids and keys the server makes, from nanoid (crypto-random, URL-safe): public ids (players,
 * matches) and secret keys (seat keys, seat tokens). Salts and the signing secret stay raw
 * crypto bytes in their documented formats.
 */
import { nanoid } from 'nanoid';

/** A public id: 12 characters, 72 bits. */
export const newId = (): string => nanoid(12);

/** A secret key a client holds to claim a seat: 21 characters, 126 bits. */
export const newKey = (): string => nanoid();
