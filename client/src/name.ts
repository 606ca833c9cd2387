import { savedName } from './net';

/** The name typed in the lobby (or the one saved before), "Guest" when there is none. */
export function currentName(): string {
  const input = document.getElementById('name-input') as HTMLInputElement | null;
  const name = (input?.value ?? savedName()).trim();
  return name || 'Guest';
}
