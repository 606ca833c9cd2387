/** A server process hosting only race to ten (for the table's crash test); built by test/server/table/tsconfig.json. */
import { serve } from '../../../../server/serve';
import { raceServer } from './server';

serve({ games: [raceServer] });
