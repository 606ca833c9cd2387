/**
 * Which tables were opened from a tournament, so a table's end can link back to its event page.
 * Kept in this tab's session storage: a reload of the table still knows, another tab need not.
 */
const key = (roomId: string) => `parlor:tournament-of:${roomId}`;

export function markTournamentTable(roomId: string, tournamentId: string): void {
  try {
    sessionStorage.setItem(key(roomId), tournamentId);
  } catch {
    // Storage refused (private mode): the table simply shows no way back to the event.
  }
}

/** The tournament a table was opened from, or null. */
export function tournamentOfTable(roomId: string): string | null {
  try {
    return sessionStorage.getItem(key(roomId));
  } catch {
    return null;
  }
}
