/** `npm start`: runs the Parlor server with every registered game on PORT (default 2567). */
import { serve } from './serve';

serve();
